export const fullNameRequired = 'Se requiere nombre y apellidos completos!';
export const fullNameChars = 'No puede llevar caracteres especiales';
export const emailRequired = 'Se requiere email';
export const emailFormat = 'No tiene formato de email correcto';
export const emailTaken = 'Este email ya esta registrado';
export const phoneFormat = 'Telefono solo numeros, hasta 10 digitos';
export const phoneRequired = 'Campo requerido!';
export const createInvalid = 'Datos incompletos!';
export const createValid = 'Todo en orden para dar de alta!';
export const editInvalid = 'Revisar inputs antes de enviar!';
export const editValid = 'Actualizar datos de usuario!';
/** A staff role (issue 24, item 4). */
export const staffRoleInvalid = 'Elige un rol de la lista';
export const staffBranchRequired = 'Elige la sede de la que se ocupa';
export const staffRoleWithAdmin =
  'Un administrador ya gestiona toda la cadena: quita el rol de sede o la casilla de administrador';

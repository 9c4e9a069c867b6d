export const nameRequired = 'El nombre completo es requerido';
export const subjectRequired = 'El asunto es requerido';
export const emailRequired = 'El email es requerido';
export const emailFormat = 'Debe ingresar un correo electrónico válido';
export const noLineBreaks = 'No se permiten saltos de línea en este campo';
export const messageTooLong = 'El mensaje no puede tener más de 5000 caracteres';
export const sent = 'Mensaje enviado correctamente';
export const failed = 'Intentelo nuevamente';

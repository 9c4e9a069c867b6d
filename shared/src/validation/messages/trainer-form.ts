export const nameRequired = 'El nombre es requerido';
export const nameNoDigits = 'No se pueden utilizar números';
export const nameTooLong = 'el nombre no puede tener más de 40 caracteres';
export const emailInvalid = 'No es un correo electrónico válido';
export const phoneInvalid = 'No es un número de celular válido';
export const passwordRequired = 'La contraseña es requerida';
export const selectRequired = 'Es necesario seleccionar si es profesor';

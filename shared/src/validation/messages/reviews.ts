export const created = 'Review Creada';
export const failed = 'No se pudo crear la review';
export const starsRange = 'Debes elegir de 1 a 5 estrellas';
export const descriptionTooLong = 'El comentario no puede tener más de 500 caracteres';

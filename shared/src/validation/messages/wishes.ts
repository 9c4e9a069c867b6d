export const targetRequired = 'Elige una clase o un tipo de ejercicio (solo uno de los dos)';
export const daysRequired = 'Elige al menos un día de la semana';
export const hoursRequired = 'Elige las horas de la franja';
export const hoursOrder = 'La hora final debe ser posterior a la inicial';
export const unknownLesson = 'No se encontró la clase';
export const unknownType = 'No se encontró el tipo de ejercicio';
export const tooMany = (max: number) => `Puedes esperar hasta ${max} franjas a la vez: quita una antes de añadir otra`;
export const created =
  'Listo: el primer lugar que se libere en una sesión que encaje con tu franja será tuyo, y te avisaremos por correo';
export const bookedNow = (label: string) => `Había un lugar libre: te reservamos ${label}`;
export const removed = 'Dejaste de esperar esa franja';
export const notFound = 'No se encontró esa espera';

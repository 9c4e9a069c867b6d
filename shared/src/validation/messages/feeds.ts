export const notFound = 'Este enlace de calendario no existe o fue reemplazado por uno nuevo';
export const renewed = 'Listo: este es tu enlace nuevo. El anterior dejó de funcionar.';
/** The lines of an event's description in the feed. */
export const booked = (seat: number) => `Tienes el lugar ${seat} en esta clase.`;
export const teaching = 'Das esta clase.';
export const substituting = 'Das esta clase como profesor sustituto.';
export const places = (taken: number, capacity: number, waiting: number) =>
  `${taken} de ${capacity} lugares ocupados${waiting > 0 ? `, ${waiting} en espera` : ''}.`;
export const cancelled = (reason: string) => (reason ? `Sesión cancelada: ${reason}` : 'Sesión cancelada');

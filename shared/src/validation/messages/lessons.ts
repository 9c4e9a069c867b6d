export const created = 'Clase creada exitosamente!';
export const updated = 'Clase modificada con éxito';
export const deleted = 'Clase eliminada correctamente';
export const restored = 'Clase restaurada correctamente';
export const notFound = 'No se encontró la clase';
export const nameTaken = 'Ya existe una clase con ese nombre';
export const unknownTrainer = 'El profesor no existe';
/** A trainer named by full name when several active trainers have it: the id tells them apart. */
export const ambiguousTrainer = (name: string, count: number) =>
  `Hay ${count} profesores llamados ${name}: indica cuál con su identificador (monitorId)`;
export const unknownBranch = 'La sede no existe';
export const unknownTypes = 'Tipo de ejercicio desconocido';
export const unknownGoals = 'Meta desconocida';
export const added = 'Clase añadida con éxito';
/** 'Añadir clase' when some of the class's next sessions are full: the member waits for those. */
export const addedWaiting = (label: string, position: number, others: number) =>
  `Clase añadida con éxito. La sesión del ${label} está llena: quedaste en su lista de espera (posición ${position})` +
  (others > 0 ? ` y en la de ${others} ${others === 1 ? 'sesión más' : 'sesiones más'}` : '') +
  '. Te avisaremos por correo si se libera un lugar.';
export const removed = 'Quitaste la clase de tu horario: tus lugares en sus próximas sesiones quedaron libres';
export const notHeld = 'La clase no está en tu horario';
export const alreadyHeld = 'El usuario ya tiene esa clase';
export const notAvailable = 'La clase no está disponible';
export const membershipRequired = 'Necesitas una membresía activa para esta acción';
export const restoreConflict = 'No se puede restaurar la clase';

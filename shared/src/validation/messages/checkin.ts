export const codeRequired = 'Escribe o escanea el código de la persona';
export const branchRequired = 'Elige la sede';
export const memberRequired = 'Indica la persona';
export const invalidCode = 'El código no es válido o ya caducó: pide que abran su perfil y muestren el código actual';
export const unknownBranch = 'No se encontró la sede';
export const membershipInactive = (name: string) => `La membresía de ${name} no está activa`;
export const noBooking = (name: string) => `${name} no tiene una reserva para ahora en esta sede`;
export const wrongBranch = (name: string, lesson: string, branch: string) =>
  `${name} tiene reserva en ${lesson}, pero en la sede ${branch}`;
export const tooEarly = (lesson: string, time: string, minutes: number) =>
  `Todavía es pronto: ${lesson} empieza a las ${time} y el check-in abre ${minutes} minutos antes`;
export const notOpen = (minutes: number) =>
  `El check-in abre ${minutes} minutos antes de la clase y cierra al terminar`;
export const notTrainer = 'Solo puedes hacer el check-in en las clases que das';
export const done = (name: string, lesson: string, time: string) => `Check-in hecho: ${name}, ${lesson} de las ${time}`;
export const already = (name: string, lesson: string) => `${name} ya había hecho el check-in en ${lesson}`;

export const disabled = 'Tu gimnasio no permite pausar membresías desde la web. Consulta en recepción.';
export const duration = (min: number, max: number) => `La pausa debe durar entre ${min} y ${max} días`;
export const daysInvalid = 'Indica cuántos días quieres pausar (un número entero)';
export const fromInvalid = 'Indica la fecha de inicio de la pausa';
export const past = 'La pausa no puede empezar en una fecha pasada';
export const notice = (days: number) =>
  `Debes pedir la pausa con al menos ${days} ${days === 1 ? 'día' : 'días'} de antelación`;
export const noMembership = 'No hay una membresía vigente en esa fecha que se pueda pausar';
export const notStarted = 'La pausa debe empezar cuando la membresía ya haya comenzado';
export const overlap = 'Ya hay una pausa en esas fechas';
export const perYear = (count: number) =>
  count === 1
    ? 'Ya usaste la pausa permitida en los últimos 12 meses'
    : `Ya usaste las ${count} pausas permitidas en los últimos 12 meses`;
export const paused = (from: string, until: string, end: string) =>
  `Listo: la membresía queda pausada del ${from} al ${until}. Ahora vence el ${end}.`;
export const pausedUntil = (date: string) => `Pausada hasta el ${date}`;
export const scheduled = (from: string, until: string) => `Pausa programada del ${from} al ${until}`;
export const bookingPaused = 'Tu membresía está pausada en esa fecha: no puedes reservar clases durante la pausa';
export const checkinPaused = (name: string) => `La membresía de ${name} está pausada`;

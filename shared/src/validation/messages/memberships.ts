export const endingSubject = (gym: string, plan: string, date: string) =>
  `${gym}: tu membresía ${plan} vence el ${date}`;
export const endingText = (name: string, plan: string, date: string, days: number) =>
  `Hola ${name}, tu membresía ${plan} vence el ${date} (${days === 0 ? 'hoy' : days === 1 ? 'mañana' : `en ${days} días`}). ` +
  'Si quieres seguir entrenando sin pausa, renuévala antes de esa fecha: el plan nuevo empieza el día que termina el actual.';
export const lapsedSubject = (gym: string, plan: string) => `${gym}: tu membresía ${plan} venció`;
export const lapsedText = (name: string, plan: string, date: string) =>
  `Hola ${name}, tu membresía ${plan} venció el ${date}. Cuando compres un plan nuevo podrás volver a reservar clases.`;
export const seePlans = (url: string) => `Planes: ${url}`;
export const optOut = (url: string) => `Puedes dejar de recibir estos recordatorios desde tu perfil: ${url}`;

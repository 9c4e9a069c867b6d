export const alreadyRenewing =
  'Ya tienes un plan con renovación automática. Cancela su renovación antes de contratar otro que se renueve.';
export const notFound = 'No tienes un plan con renovación automática';
export const notStripe = 'Esta renovación no se gestiona con Stripe';
export const notDemo = 'Esta renovación no usa la tarjeta de demostración';
export const stripeInterval =
  'Stripe solo renueva planes de 1 a 12 meses, o de 24 o 36 meses. Cambia la duración del plan o véndelo como pago único.';
export const cancelled = (date: string) => `Listo: tu plan no se renovará. Sigue activo hasta el ${date}.`;
export const alreadyEnded = 'Esta renovación ya terminó';
export const resumed = (date: string) => `Listo: tu plan se renovará el ${date}.`;
export const cardSaved = 'Tarjeta de demostración actualizada';
export const statuses = {
  active: 'Se renueva automáticamente',
  past_due: 'Pago pendiente',
  canceled: 'Renovación cancelada',
  lapsed: 'Vencida por falta de pago',
} as const;
export const failedSubject = (gym: string, plan: string) =>
  `${gym}: no pudimos cobrar la renovación de tu plan ${plan}`;
export const failedText = (name: string, plan: string, amount: string, until: string) =>
  `Hola ${name}, el cobro de ${amount} para renovar tu plan ${plan} fue rechazado. ` +
  `Mantienes el acceso hasta el ${until}: actualiza tu tarjeta antes de esa fecha para no perderlo.`;
export const updateCard = (url: string) => `Actualiza tu tarjeta desde tu perfil: ${url}`;
export const lapsedSubject = (gym: string, plan: string) => `${gym}: tu plan ${plan} venció por falta de pago`;
export const lapsedText = (name: string, plan: string) =>
  `Hola ${name}, no pudimos cobrar la renovación de tu plan ${plan} y tu membresía venció. ` +
  'Cuando contrates un plan nuevo podrás volver a reservar clases.';
export const renewingSubject = (gym: string, plan: string, date: string) =>
  `${gym}: tu plan ${plan} se renueva el ${date}`;
export const renewingText = (name: string, plan: string, amount: string, date: string) =>
  `Hola ${name}, el ${date} renovaremos tu plan ${plan} y cobraremos ${amount} con la tarjeta que registraste. ` +
  'Si no quieres renovarlo, cancela la renovación desde tu perfil antes de esa fecha.';

export const success = 'Pago exitoso';
export const cancelled = 'Pago cancelado';
export const notFound = 'No se encontró el pago';
export const notYours = 'Este pago pertenece a otra persona';
export const notPending = 'Este pago ya no está pendiente';
export const notDemo = 'Este pago no se confirma desde esta página';
export const planRequired = 'Debes indicar el plan';
export const stripeOff = 'Stripe no está configurado';
export const badSignature = 'Firma del evento inválida';
export const userRequired = 'Debes indicar el usuario';
export const unavailable = 'Las compras en línea no están disponibles. Acércate a tu sede para adquirir tu plan.';
/** What buying a plan does to the membership (memberships/index.ts), on /pagos/{id} and in the receipt. */
export const purchaseRule = {
  new: (plan: string, end: string) => `${plan} empieza hoy y vence el ${end}.`,
  renewal: (plan: string, start: string, end: string) =>
    `Renuevas ${plan}: se suma al final de tu membresía actual, del ${start} al ${end}.`,
  change: (current: string, plan: string, start: string, end: string) =>
    `Tu plan actual, ${current}, sigue hasta el ${start}. ${plan} empieza ese día y vence el ${end}.`,
} as const;
/** Refunds (issue 24, item 2): the admin's payments list. */
export const refund = {
  done: (plan: string, end: string | null) =>
    end ? `Pago reembolsado. La membresía ahora vence el ${end}.` : `Pago de ${plan} reembolsado.`,
  notPaid: 'Solo se reembolsa un pago cobrado',
  already: 'Este pago ya fue reembolsado',
  inProgress: 'Este reembolso ya está en curso. Espera un momento y actualiza la lista.',
  providerFailed: 'Stripe no pudo hacer el reembolso. Inténtalo de nuevo en unos minutos.',
  reasonTooLong: 'El motivo puede tener hasta 200 caracteres',
} as const;
export const csv = {
  columns: [
    'Fecha',
    'Socio',
    'Email',
    'Plan',
    'Sede habitual',
    'Medio de pago',
    'Estado',
    'Importe',
    'Moneda',
    'Recibo',
    'Reembolsado',
  ],
  filename: (date: string) => `pagos-${date}.csv`,
} as const;

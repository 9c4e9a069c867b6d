export const title = 'Recibo';
export const number = 'Recibo n.º';
export const issuedAt = 'Fecha';
export const taxId = 'Identificación fiscal';
export const member = 'Socio';
export const email = 'Correo';
export const concept = 'Concepto';
export const membershipOf = (plan: string) => `Membresía ${plan}`;
export const period = 'Vigencia';
export const periodText = (start: string, end: string) => `del ${start} al ${end}`;
export const method = 'Forma de pago';
export const methods = { stripe: 'Tarjeta', demo: 'Tarjeta (demostración)', manual: 'En recepción' } as const;
/** A payment's state, as 'Mis pagos', the admin's payments and the audit trail name it. */
export const statuses = {
  pending: 'Pendiente',
  paid: 'Pagado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
} as const;
export const reference = 'Referencia';
export const taxBase = 'Base imponible';
export const tax = (rate: string) => `Impuestos (${rate} %)`;
export const total = 'Total';
export const taxIncluded = 'Impuestos incluidos.';
export const thanks = 'Gracias por entrenar con nosotros.';
export const anonymous = 'Socio anónimo';
export const download = 'Descargar recibo';
/** The button's name for a screen reader: its visible words first, then which receipt. */
export const downloadLabel = (which: string) => `Descargar recibo ${which} (PDF)`;
export const downloading = 'Descargando…';
export const downloaded = 'Recibo descargado.';
export const downloadFailed = 'No se pudo descargar el recibo. Inténtalo de nuevo.';
export const missing = 'Este pago no tiene recibo';
export const attached = 'Adjuntamos tu recibo en PDF.';

/**
 * Texts of buying a plan (the payment page, the demo checkout and the result). Kept out of `es` so the public pages' bundle does not carry them.
 */
export const paymentsEs = {
  title: 'Pago de membresía',
  loadError: 'No se pudo cargar la membresía',
  duration: 'Duración',
  benefits: 'Beneficios',
  price: 'Precio',
  pay: 'Pagar',
  back: 'Atras',
  cancel: 'Cancelar',
  loginFirst: 'Inicia sesión para comprar tu membresía.',
  demoTitle: 'Checkout de demostración',
  demoNote: 'Modo demostración: no se realiza ningún cargo real.',
  renews: (months: number) =>
    months === 1
      ? 'Se renueva automáticamente cada mes hasta que canceles la renovación desde tu perfil.'
      : `Se renueva automáticamente cada ${months} meses hasta que canceles la renovación desde tu perfil.`,
  failRenewals: 'Simular una tarjeta que será rechazada en las renovaciones',
  failRenewalsHint:
    'Solo en la demostración: el primer pago se aprueba y los cobros de renovación fallan, para ver qué pasa.',
  processing: 'Procesando...',
  successText: (plan: string, start: string, end: string) => `Tu membresía ${plan} está activa del ${start} al ${end}.`,
  thenText: (plan: string, start: string, end: string) => `Después sigue ${plan}, del ${start} al ${end}.`,
  goProfile: 'Ir a mi perfil',
  cancelledText: 'No se realizó ningún cargo. Puedes elegir un plan cuando quieras.',
  seePlans: 'Ver planes',
} as const;

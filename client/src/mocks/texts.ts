/** Screen texts of the mock mode's badge. */
export const mockTexts = {
  badge: 'Modo demo',
  badgeHint: 'Los datos viven solo en este navegador; no hay servidor.',
  reset: 'Restablecer datos de demostración',
  confirmTitle: 'Restablecer datos de demostración',
  confirmMessage:
    'Se borrarán todos los cambios hechos en este navegador (cuentas, clases, sedes, pagos) y se cerrará la sesión. ¿Quieres continuar?',
  confirm: 'Restablecer',
  cancel: 'Cancelar',
} as const;

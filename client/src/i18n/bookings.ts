import { MESSAGES, sessionDayLabel } from '@pulso/shared';

/** Texts of class sessions and their bookings; the server's results come from MESSAGES.bookings. */
export const bookingsEs = {
  title: 'Próximas sesiones',
  loading: 'Cargando sesiones...',
  loadError: 'No se pudieron cargar las sesiones de la clase.',
  none: 'No hay sesiones con reservas abiertas en los próximos días.',
  dayLabel: sessionDayLabel,
  hours: (start: string, end: string) => `${start.slice(11)} a ${end.slice(11)}`,
  seatsLeft: MESSAGES.bookings.seatsLeft,
  full: MESSAGES.bookings.full,
  waiting: (n: number) => (n === 1 ? '1 persona en espera' : `${n} personas en espera`),
  cancelledSession: 'Sesión cancelada',
  cancelledBecause: (reason: string) => (reason ? `Sesión cancelada: ${reason}` : 'Sesión cancelada'),
  substitute: (name: string) => `Profesor sustituto: ${name}`,
  notOpen: 'Reservas aún no abiertas',
  mine: 'Tienes un lugar',
  minePosition: (position: number) => `En lista de espera (posición ${position})`,
  book: MESSAGES.bookings.book,
  bookFull: 'Unirme a la lista de espera',
  booking: 'Reservando...',
  cancel: MESSAGES.bookings.cancel,
  leave: MESSAGES.bookings.leaveWaitlist,
  cancelling: 'Cancelando...',
  loginToBook: 'Inicia sesión para reservar',
  membershipToBook: 'Necesitas una membresía activa para reservar.',
  confirmCancelTitle: 'Cancelar reserva',
  confirmCancel: (label: string) => `¿Quieres cancelar tu reserva del ${label}?`,
  confirmLeave: (label: string) => `¿Quieres salir de la lista de espera del ${label}?`,
  keep: 'Volver',
  sessionLabel: (name: string, date: string, start: string) =>
    `${name}, ${sessionDayLabel(date)} a las ${start.slice(11)}`,
};

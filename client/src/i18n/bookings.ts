import { MESSAGES, weekdayOf } from '@pulso/shared';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** 'Jueves 26 de noviembre' for the gym's date `YYYY-MM-DD`. */
function dayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${weekdayOf(date)} ${day} de ${MONTHS[month - 1]}`;
}

/** Texts of class sessions and their bookings; the server's results come from MESSAGES.bookings. */
export const bookingsEs = {
  title: 'Próximas sesiones',
  loading: 'Cargando sesiones...',
  loadError: 'No se pudieron cargar las sesiones de la clase.',
  none: 'No hay sesiones con reservas abiertas en los próximos días.',
  dayLabel,
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
  sessionLabel: (name: string, date: string, start: string) => `${name}, ${dayLabel(date)} a las ${start.slice(11)}`,
};

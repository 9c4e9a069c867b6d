const UNITS: Record<string, string> = { month: 'Mes', week: 'Semana', day: 'Día' };
/** What each FullCalendar view's scroll box holds. */
const SCROLL_BOXES: Record<string, string> = {
  dayGridMonth: 'semanas del mes',
  timeGridWeek: 'horas de la semana',
  timeGridDay: 'horas del día',
  listWeek: 'eventos de la semana',
};

/** Texts of the calendar page. Messages the server also says come from MESSAGES.events. */
export const calendarEs = {
  badge: 'Calendario',
  back: 'Volver al perfil',
  loadingMember: 'Cargando...',
  memberLoadError: 'No se pudieron cargar tus datos.',
  loadingEvents: 'Cargando eventos...',
  loadError: 'No se pudieron cargar los eventos del calendario.',
  calendarLabel: 'Calendario de eventos',
  /** The name of the view's scroll box, which keyboard users focus to scroll it. */
  scrollBoxLabel: (viewType: string) => `Calendario: ${SCROLL_BOXES[viewType] ?? 'eventos'}`,
  /** The toolbar's labels, exactly as the spec writes them. */
  buttonText: { today: 'hoy', month: 'mes', week: 'semana', day: 'dia', list: 'lista' },
  /** Names of the prev/next buttons; FullCalendar passes the view's unit ('month', 'week', 'day'). */
  buttonHints: {
    prev: (_text: string, unit: string) => `${UNITS[unit] ?? 'Periodo'} anterior`,
    next: (_text: string, unit: string) => `${UNITS[unit] ?? 'Periodo'} siguiente`,
    today: 'Ir a hoy',
  },
  viewHint: (view: string) => `Vista: ${view}`,
  legendLabel: 'Tipos de evento',
  legend: {
    plan: 'Mi plan',
    class: 'Mis clases',
    booked: 'Mis reservas',
    waiting: 'En lista de espera',
    gym: 'Eventos del gimnasio',
  },
  dragTitle: 'Aviso',
  newEvent: 'Nuevo Evento',
  titleLabel: 'Titulo',
  titlePlaceholder: 'Titulo',
  start: 'Fecha y Hora Inicial',
  end: 'Fecha y Hora Final',
  submit: 'Agregar evento',
  saving: 'Agregando...',
  cancel: 'Atras',
  adminHint: 'Selecciona un evento del gimnasio para eliminarlo.',
  deleteTitle: 'Eliminar evento',
  deleteQuestion: (title: string) => `¿Estás seguro de que quieres eliminar el evento «${title}»?`,
  deleteConfirm: 'Eliminar',
  deleting: 'Eliminando...',
  deleteCancel: 'Cancelar',
  eventLabel: (title: string) => `Evento del gimnasio: ${title}. Pulsa Enter para eliminarlo.`,
  bookingLabel: (title: string) => `${title}. Pulsa Enter para cancelarla.`,
  cancelBookingTitle: 'Cancelar reserva',
  leaveWaitlistTitle: 'Salir de la lista de espera',
  cancelBookingQuestion: (title: string) => `¿Quieres cancelar «${title}»?`,
  keepBooking: 'Volver',
  cancellingBooking: 'Cancelando...',
  classLabel: (title: string) => `Clase: ${title}. Pulsa Enter para ver la sesión y reservar.`,
  memberHint: 'Selecciona una clase para ver sus lugares y reservarla, o una reserva para cancelarla.',
} as const;

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
  /** The private calendar feed, on the profile. */
  feed: {
    title: 'Calendario en tu móvil',
    intro:
      'Suscríbete a tus clases reservadas desde Google Calendar, Apple Calendar u Outlook: se actualizan solas cuando reservas o cancelas.',
    trainerIntro: 'Incluye también las sesiones que das como profesor.',
    urlLabel: 'Enlace privado de tu calendario',
    copy: 'Copiar',
    copied: 'Enlace copiado.',
    copyFailed: 'No se pudo copiar: selecciona el enlace y cópialo a mano.',
    howTitle: 'Cómo añadirlo',
    steps: [
      ['Google Calendar', 'en la web, «Otros calendarios» › «+» › «Desde URL», y pega el enlace.'],
      [
        'Apple Calendar',
        'en el Mac, «Archivo» › «Nueva suscripción a calendario»; en el iPhone, Ajustes › Calendario › Cuentas › Añadir cuenta › Otra › «Añadir calendario suscrito».',
      ],
      ['Outlook', '«Añadir calendario» › «Suscribirse desde la web», y pega el enlace.'],
    ] as const,
    refreshNote: 'Cada aplicación vuelve a leerlo cada pocas horas.',
    privateNote: 'Quien tenga este enlace puede ver tus clases: no lo compartas.',
    renew: 'Generar un enlace nuevo',
    renewTitle: 'Generar un enlace nuevo',
    renewQuestion:
      'El enlace actual dejará de funcionar y tus calendarios dejarán de actualizarse hasta que añadas el nuevo. ¿Quieres continuar?',
    renewConfirm: 'Generar enlace nuevo',
    renewing: 'Generando...',
    keep: 'Volver',
    loading: 'Cargando tu enlace...',
    loadError: 'No se pudo cargar el enlace de tu calendario.',
  },
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
  eventLabel: (title: string) => `${title}. Evento del gimnasio: pulsa Enter para eliminarlo.`,
  bookingLabel: (title: string) => `${title}. Pulsa Enter para cancelarla.`,
  cancelBookingTitle: 'Cancelar reserva',
  leaveWaitlistTitle: 'Salir de la lista de espera',
  cancelBookingQuestion: (title: string) => `¿Quieres cancelar «${title}»?`,
  keepBooking: 'Volver',
  cancellingBooking: 'Cancelando...',
  classLabel: (title: string) => `${title}. Clase: pulsa Enter para ver la sesión y reservar.`,
  memberHint: 'Selecciona una clase para ver sus lugares y reservarla, o una reserva para cancelarla.',
} as const;

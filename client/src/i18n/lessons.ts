/**
 * Texts of the class list, class detail and review pages. Messages the server
 * also says (review and add-class results) come from MESSAGES.reviews and MESSAGES.lessons.
 */
const joined = (items: readonly (string | number)[]) => items.join(', ');

export const lessonsEs = {
  title: 'Clases',
  subtitle: 'Encuentra la clase que va contigo: filtra por tipo de ejercicio e intensidad.',
  loading: 'Cargando clases...',
  loadError: 'No se pudieron cargar las clases.',
  empty: 'Todavía no hay clases disponibles.',
  count: (n: number) => (n === 1 ? '1 clase' : `${n} clases`),
  moreInfo: 'Más info',
  moreInfoOf: (name: string) => `Más info: ${name}`,
  imageAlt: (name: string) => `Clase de ${name}`,
  intensity: 'Intensidad',
  intensityValue: (effort: string) => `${effort}/5`,
  intensityLabel: (effort: string) => `Intensidad ${effort} de 5`,
  types: 'Tipos de ejercicio',

  filters: {
    title: 'Filtros',
    show: 'Mostrar filtros',
    hide: 'Ocultar filtros',
    sort: 'Ordenar',
    alphabet: 'Alfabeto',
    alphabetLabel: (order: 'az' | 'za') => `Alfabeto: ${order === 'az' ? 'A-Z' : 'Z-A'}`,
    az: 'A-Z',
    za: 'Z-A',
    effortSort: 'Por intensidad',
    effortNone: 'Sin ordenar',
    hardest: 'Más difícil primero',
    easiest: 'Más fácil primero',
    intensity: 'Intensidad',
    level: (n: number) => `Nivel ${n}`,
    types: 'Tipo de ejercicio',
    typesLoading: 'Cargando tipos...',
    typesError: 'No se pudieron cargar los tipos de ejercicio.',
    clear: 'Borrar',
    clearIntensity: 'Borrar intensidad',
    clearTypes: 'Borrar tipos de ejercicio',
    apply: 'filtrar',
    resetAll: 'Borrar todos los filtros',
    active: (n: number) => (n === 1 ? '1 filtro activo' : `${n} filtros activos`),
  },

  /** Class filtering: the texts are the customer's, lists joined with ', '. */
  noResults: {
    types: (types: readonly string[]) => `No se encontraron clases con los tipos: ${joined(types)}.`,
    levels: (levels: readonly number[]) => `No se encontraron clases con los filtros seleccionados: ${joined(levels)}`,
    both: (types: readonly string[], levels: readonly number[]) =>
      `No se encontraron clases de tipo de ejercicio ${joined(types)} y de intensidad ${joined(levels)}`,
  },

  detail: {
    loading: 'Cargando datos',
    loadError: 'No se pudo cargar la clase.',
    notFoundText: 'Puede que la clase haya cambiado de nombre o ya no se dicte.',
    back: 'Ver todas las clases',
    rating: 'Calificación',
    ratingLabel: (average: number, count: number) =>
      `Calificación promedio: ${average.toLocaleString('es')} de 5 (${count === 1 ? '1 reseña' : `${count} reseñas`})`,
    reviewsCount: (count: number) => (count === 1 ? '1 reseña' : `${count} reseñas`),
    noRating: 'Sin calificaciones todavía',
    days: 'Días',
    hours: 'Horario',
    hoursValue: (start: string, finish: string) => `${start} a ${finish}`,
    goals: 'Metas',
    branch: 'Sede',
    trainer: 'Profesor',
    description: 'Descripción',
    reviews: 'Reseñas',
    noReviews: 'Todavía nadie comentó esta clase.',
    anonymous: 'Deportista',
    starsLabel: (n: number) => `${n} de 5 estrellas`,
    addLesson: 'Añadir clase',
    inSchedule: 'Ya está en tu horario',
    adding: 'Añadiendo...',
    unavailable: 'Esta clase no está disponible por ahora.',
  },

  /** 'Quitar' on the profile's schedule: the class leaves it and its places are freed. */
  remove: {
    button: 'Quitar',
    label: (name: string) => `Quitar ${name} de mi horario`,
    title: 'Quitar clase',
    question: (name: string) =>
      `¿Quieres quitar ${name} de tu horario? Dejarás libres tus lugares en sus próximas sesiones.`,
    confirm: 'Quitar',
    busy: 'Quitando...',
    keep: 'Volver',
    resultTitle: 'Resultado',
    accept: 'Aceptar',
  },
  review: {
    title: 'Califica esta clase',
    stars: 'Tu calificación',
    star: (n: number) => (n === 1 ? '1 estrella' : `${n} estrellas`),
    description: 'Descripción',
    descriptionHint: 'Opcional, hasta 500 caracteres.',
    send: 'Enviar',
    sending: 'Enviando...',
    membersOnly: 'Solo los socios con una membresía activa pueden calificar clases.',
    loginToReview: 'Inicia sesión para calificar esta clase.',
    login: 'Ingresar',
    failedWithReason: (base: string, reason: string) => `${base}. ${reason}`,
  },

  reviewPage: {
    title: 'Califica una clase',
    text: 'Las reseñas se dejan desde la página de cada clase: entra en la clase, elige de 1 a 5 estrellas y cuéntanos qué te pareció.',
    visitorText: 'Inicia sesión para calificar las clases a las que asistes.',
    browse: 'Ver clases',
    login: 'Ingresar',
    pickLesson: 'Clase',
    pickPlaceholder: 'Elige una clase',
    pickRequired: 'Elige la clase que quieres calificar.',
    openLesson: 'Ver la clase',
  },
} as const;

/** Texts of the sede list and detail pages. Messages the server also says come from MESSAGES.branches. */
export const branchesEs = {
  title: 'Sedes',
  subtitle: 'Encuentra la sede más cercana y entrena cuando quieras.',
  loading: 'Cargando sedes...',
  loadError: 'No se pudieron cargar las sedes.',
  empty: 'Todavía no hay sedes disponibles.',
  details: 'Detalles aquí',
  detailsOf: (name: string) => `Detalles aquí: ${name}`,
  imageAlt: (name: string) => `Fachada de ${name}`,
  /** The spec's 'Loading', in Spanish (docs/spec-deviations.md). */
  detailLoading: 'Cargando...',
  detailLoadError: 'No se pudo cargar la sede.',
  address: 'Dirección',
  days: 'Días de atención',
  schedule: 'Horario de atención',
  noDays: 'Sin días de atención informados',
  /** The schedule as start to end, e.g. '9:00 a 21:00'. */
  hours: (start: string, finish: string) => `${start} a ${finish}`,
  back: 'Atras',
} as const;

/**
 * Every Spanish string of the interface, grouped by feature. Texts the server also says (validation
 * rules, API messages) live in @pulso/shared instead.
 */
export const es = {
  common: {
    loading: 'Cargando...',
    loadingData: 'Cargando datos',
    retry: 'Intenta de nuevo',
    back: 'Atras',
    networkError: 'No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La página que busca no existe o fue movida.',
    goHome: 'Volver al inicio',
  },
  errorScreen: {
    // SPEC's 'Unexpected Application Error!', in Spanish (docs/spec-deviations.md).
    title: '¡Error inesperado de la aplicación!',
    reload: 'Recargar la página',
  },
  nav: {
    home: 'Inicio',
    branches: 'Sedes',
    classes: 'Clases',
    about: 'Nosotros',
    contact: 'Contáctanos',
    login: 'Ingresar',
    profile: 'Perfil',
    dashboard: 'Panel',
    plans: 'Planes',
    logout: 'Cerrar sesión',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    mainNavigation: 'Navegación principal',
    darkMode: 'Modo oscuro',
    lightMode: 'Modo claro',
  },
  footer: {
    tagline: 'Entrena en la sede más cercana, a tu ritmo.',
    rights: 'Todos los derechos reservados.',
  },
  landing: {
    heroTitle: 'Tu mejor versión empieza hoy',
    heroText: 'Clases grupales, entrenadores certificados y sedes cerca de ti.',
    heroCta: 'Ver planes',
    whyTitle: 'Por qué escogernos',
    whyText: 'Equipos modernos, horarios amplios y profesores que acompañan tu progreso en cada clase.',
    whyCta: 'Conoce nuestras sedes',
  },
  plans: {
    title: 'Planes',
    subtitle: 'Elige el plan que mejor se adapta a ti.',
    buy: 'Compra ahora',
    duration: (months: number) => (months === 1 ? '1 mes' : `${months} meses`),
    perPeriod: (months: number) => (months === 1 ? 'por mes' : `por ${months} meses`),
    empty: 'Todavía no hay planes disponibles.',
    loadError: 'No se pudieron cargar los planes.',
  },
  dashboard: {
    title: 'Panel de administración',
    admin: 'Administrador',
    backToSite: 'Volver al sitio',
    plans: 'Membresías',
    branches: 'Sedes',
    users: 'Usuarios',
    trainers: 'Profesores',
    classes: 'Clases',
  },
} as const;

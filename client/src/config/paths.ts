/** Every route of the SPA (SPEC §2.1), in one table. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/olvide',
  resetPassword: '/restablecer',
  classes: '/clases',
  classDetail: (name: string) => `/clases/${encodeURIComponent(name)}`,
  contact: '/contactanos',
  about: '/nosotros',
  branches: '/sedes',
  branchDetail: (id: string) => `/sedes/detalles/${id}`,
  payment: (planId: string) => `/pagos/${planId}`,
  paymentSuccess: '/pagos/exito',
  paymentCancelled: '/pagos/cancelado',
  demoCheckout: (sessionId: string) => `/stripe/checkout/${sessionId}`,
  calendar: '/calendar',
  profile: '/profile',
  profileEdit: (id: string) => `/profile/editar/${id}`,
  review: '/review',
  denied: '/denegado',
  dashboard: '/dashboard',
  dashboardClasses: '/dashboard/clases',
  dashboardPlans: '/dashboard/membresias',
  dashboardBranches: '/dashboard/sedes',
  dashboardUsers: '/dashboard/usuarios',
  dashboardTrainers: '/dashboard/profesores',
} as const;

/** The plans section of the landing page, the target of the navigation bar's 'Planes'. */
export const PLANS_SECTION_ID = 'planes';

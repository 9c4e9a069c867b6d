import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from '../components/layout/app-shell';
import { PublicLayout } from '../components/layout/public-layout';
import { RequireAuth } from '../components/layout/require-auth';
import { RouteFallback } from '../components/layout/route-fallback';
import { BranchesRoute } from './routes/branches';
import { LessonDetailRoute } from './routes/lesson-detail';
import { LessonsRoute } from './routes/lessons';
import { ErrorScreen } from './routes/error-screen';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

/** Code-split route: the screen's module loads when the route is first visited. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * Every code-split route gets a fallback for the first load of the page: without one React Router
 * renders nothing at all (not even the layout) while the module downloads, and warns about it.
 */
function withFallbacks(list: RouteObject[]): RouteObject[] {
  return list.map((route) => ({
    ...route,
    ...(route.lazy && !route.HydrateFallback ? { HydrateFallback: RouteFallback } : {}),
    ...(route.children ? { children: withFallbacks(route.children) } : {}),
  })) as RouteObject[];
}

export const routes: RouteObject[] = withFallbacks([
  {
    // Scroll position and focus across page changes, for both layouts.
    element: <AppShell />,
    children: [
      {
        // The whole dashboard is code-split: visitors never download it (and non-admins are sent to /).
        path: '/dashboard',
        lazy: screen(() => import('../components/layout/dashboard-layout'), 'DashboardLayout'),
        errorElement: <ErrorScreen />,
        children: [
          { index: true, lazy: screen(() => import('./routes/dashboard/home'), 'DashboardHomeRoute') },
          { path: 'usuarios', lazy: screen(() => import('./routes/dashboard/users'), 'UsersRoute') },
          { path: 'usuarios/crear', lazy: screen(() => import('./routes/dashboard/user-create'), 'UserCreateRoute') },
          {
            path: 'deletedusers',
            lazy: screen(() => import('./routes/dashboard/suspended-users'), 'SuspendedUsersRoute'),
          },
          { path: 'mensajes', lazy: screen(() => import('./routes/dashboard/messages'), 'MessagesRoute') },
          { path: 'checkin', lazy: screen(() => import('./routes/dashboard/checkin'), 'CheckinRoute') },
          { path: 'demanda', lazy: screen(() => import('./routes/dashboard/demand'), 'DemandRoute') },
          { path: 'renovaciones', lazy: screen(() => import('./routes/dashboard/renewals'), 'RenewalsRoute') },
          { path: 'pagos', lazy: screen(() => import('./routes/dashboard/payments'), 'PaymentsAdminRoute') },
          { path: 'anuncios', lazy: screen(() => import('./routes/dashboard/announcements'), 'AnnouncementsRoute') },
          { path: 'registro', lazy: screen(() => import('./routes/dashboard/audit'), 'AuditRoute') },
          { path: 'clases', lazy: screen(() => import('./routes/dashboard/lessons'), 'LessonsAdminRoute') },
          { path: 'clases/crear', lazy: screen(() => import('./routes/dashboard/lesson-form'), 'LessonFormRoute') },
          {
            path: 'clases/editar/:id',
            lazy: screen(() => import('./routes/dashboard/lesson-form'), 'LessonFormRoute'),
          },
          {
            path: 'clases/sesiones/:id',
            lazy: screen(() => import('./routes/dashboard/lesson-sessions'), 'LessonSessionsRoute'),
          },
          { path: 'profesores', lazy: screen(() => import('./routes/dashboard/trainers'), 'TrainersRoute') },
          {
            path: 'profesores/crear',
            lazy: screen(() => import('./routes/dashboard/trainer-form'), 'TrainerFormRoute'),
          },
          {
            path: 'profesores/editar/:id',
            lazy: screen(() => import('./routes/dashboard/trainer-form'), 'TrainerFormRoute'),
          },
          { path: 'sedes', lazy: screen(() => import('./routes/dashboard/branches'), 'BranchesAdminRoute') },
          { path: 'sedes/crear', lazy: screen(() => import('./routes/dashboard/branch-form'), 'BranchFormRoute') },
          { path: 'sedes/editar/:id', lazy: screen(() => import('./routes/dashboard/branch-form'), 'BranchFormRoute') },
          { path: 'membresias', lazy: screen(() => import('./routes/dashboard/plans'), 'PlansAdminRoute') },
          {
            path: 'membresias/editar/:id',
            lazy: screen(() => import('./routes/dashboard/plan-form'), 'PlanFormRoute'),
          },
          { path: 'plans/crear', lazy: screen(() => import('./routes/dashboard/plan-form'), 'PlanFormRoute') },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        element: <PublicLayout />,
        errorElement: <ErrorScreen />,
        // The pages most visits start on come with the bundle: a lazy route would hold the first paint
        // back by one more round trip (the classes and sedes pages add about 5 kB gzip to it).
        children: [
          { index: true, element: <LandingRoute /> },
          { path: 'login', lazy: screen(() => import('./routes/login'), 'LoginRoute') },
          { path: 'register', lazy: screen(() => import('./routes/register'), 'RegisterRoute') },
          { path: 'olvide', lazy: screen(() => import('./routes/forgot-password'), 'ForgotPasswordRoute') },
          { path: 'restablecer', lazy: screen(() => import('./routes/reset-password'), 'ResetPasswordRoute') },
          { path: 'clases', element: <LessonsRoute /> },
          { path: 'clases/:name', element: <LessonDetailRoute /> },
          { path: 'detail/:name?', element: <LessonDetailRoute /> },
          { path: 'review', lazy: screen(() => import('./routes/review'), 'ReviewRoute') },
          { path: 'contactanos', lazy: screen(() => import('./routes/contact'), 'ContactRoute') },
          { path: 'nosotros', lazy: screen(() => import('./routes/about'), 'AboutRoute') },
          { path: 'sedes', element: <BranchesRoute /> },
          { path: 'sedes/detalles/:id', lazy: screen(() => import('./routes/branch-detail'), 'BranchDetailRoute') },
          { path: 'denegado', lazy: screen(() => import('./routes/denied'), 'DeniedRoute') },
          { path: 'pagos/exito', lazy: screen(() => import('./routes/payment-result'), 'PaymentSuccessRoute') },
          { path: 'pagos/cancelado', lazy: screen(() => import('./routes/payment-result'), 'PaymentCancelledRoute') },
          { path: 'pagos/:id', lazy: screen(() => import('./routes/payment'), 'PaymentRoute') },
          {
            path: 'stripe/checkout/:sessionId',
            lazy: screen(() => import('./routes/demo-checkout'), 'DemoCheckoutRoute'),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'profile', lazy: screen(() => import('./routes/profile'), 'ProfileRoute') },
              { path: 'profile/editar/:id', lazy: screen(() => import('./routes/profile-edit'), 'ProfileEditRoute') },
              {
                path: 'profile/sesiones/:sessionId',
                lazy: screen(() => import('./routes/trainer-session'), 'TrainerSessionRoute'),
              },
              { path: 'calendar', lazy: screen(() => import('./routes/calendar'), 'CalendarRoute') },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);

export function createRouter() {
  return createBrowserRouter(routes);
}

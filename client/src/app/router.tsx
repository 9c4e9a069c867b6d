import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../components/layout/dashboard-layout';
import { PublicLayout } from '../components/layout/public-layout';
import { DashboardHomeRoute } from './routes/dashboard-home';
import { ErrorScreen } from './routes/error-screen';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

export const routes: RouteObject[] = [
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    errorElement: <ErrorScreen />,
    children: [{ index: true, element: <DashboardHomeRoute /> }],
  },
  {
    element: <PublicLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

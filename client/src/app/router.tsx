import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../components/layout/dashboard-layout';
import { PublicLayout } from '../components/layout/public-layout';
import { DashboardHomeRoute } from './routes/dashboard-home';
import { DemoCheckoutRoute } from './routes/demo-checkout';
import { ErrorScreen } from './routes/error-screen';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { PaymentRoute } from './routes/payment';
import { PaymentCancelledRoute, PaymentSuccessRoute } from './routes/payment-result';

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
      { path: 'pagos/exito', element: <PaymentSuccessRoute /> },
      { path: 'pagos/cancelado', element: <PaymentCancelledRoute /> },
      { path: 'pagos/:id', element: <PaymentRoute /> },
      { path: 'stripe/checkout/:sessionId', element: <DemoCheckoutRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlanDto, UserDto } from '@pulso/shared';
import { RequireAuth } from '../../../components/layout/require-auth';
import * as auth from '../../../features/auth/api/auth';
import { useAuthStore } from '../../../features/auth/store';
import * as payments from '../../../features/payments/api/payments';
import { usePaymentsStore } from '../../../features/payments/store';
import { DEFAULT_SITE, useUiStore } from '../../../features/ui/store';
import { sessionToken as token } from '../../../test/helpers';
import { LoginRoute } from '../login';
import { PaymentRoute } from '../payment';
import { RegisterRoute } from '../register';

vi.mock('../../../features/auth/api/auth');
vi.mock('../../../features/payments/api/payments');
// Google's widget, reduced to what it does for the page: hand over a credential.
vi.mock('../../../features/auth/components/google-button', () => ({
  GoogleButton: ({ onCredential }: { onCredential: (credential: string) => void }) => (
    <button type="button" onClick={() => onCredential('credencial-google')}>
      Continuar con Google
    </button>
  ),
}));

const PLAN_ID = '64b000000000000000000002';
const PLUS = { id: PLAN_ID, name: 'Plus', benefits: 'Todas las sedes', duration: 3, price: 79.99 } as PlanDto;

const USER = {
  id: 'u1',
  fullName: 'Ana Pérez',
  isAdmin: false,
  membresia: null,
  lessonDetails: [],
} as unknown as UserDto;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Inicio</p> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/register', element: <RegisterRoute /> },
      { path: '/pagos/:id', element: <PaymentRoute /> },
      { element: <RequireAuth />, children: [{ path: '/profile', element: <p>Mi perfil</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderAt>) => router.state.location.pathname + router.state.location.search;

async function signIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123{Enter}');
}

describe('returning to where the visitor was going after signing in', () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    useUiStore.setState({ site: DEFAULT_SITE });
    usePaymentsStore.setState(usePaymentsStore.getInitialState(), true);
    vi.mocked(payments.getPlan).mockReset().mockResolvedValue(PLUS);
    vi.mocked(auth.login).mockReset().mockResolvedValue(token('u1'));
    vi.mocked(auth.register).mockReset().mockResolvedValue(token('u1'));
    vi.mocked(auth.signInWithGoogle).mockReset().mockResolvedValue(token('u1'));
    vi.mocked(auth.getUser).mockReset().mockResolvedValue(USER);
  });

  test('when a visitor presses Pagar and then logs in, then they are back on the plan they chose', async () => {
    const router = renderAt(`/pagos/${PLAN_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    expect(where(router)).toBe(`/login?volver=${encodeURIComponent(`/pagos/${PLAN_ID}`)}`);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    expect(where(router)).toBe(`/pagos/${PLAN_ID}`);
  });

  test('when that visitor creates an account instead, then registration also returns to the plan', async () => {
    const router = renderAt(`/pagos/${PLAN_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    await userEvent.click(screen.getByRole('link', { name: 'Crea una cuenta' }));
    expect(where(router)).toBe(`/register?volver=${encodeURIComponent(`/pagos/${PLAN_ID}`)}`);
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
      'href',
      `/login?volver=${encodeURIComponent(`/pagos/${PLAN_ID}`)}`,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    expect(where(router)).toBe(`/pagos/${PLAN_ID}`);
  });

  test('when the visitor signs in with Google, then they also return to the plan', async () => {
    useUiStore.setState({ site: { ...DEFAULT_SITE, googleClientId: 'cliente.apps.googleusercontent.com' } });
    const router = renderAt(`/login?volver=${encodeURIComponent(`/pagos/${PLAN_ID}`)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con Google' }));
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    expect(auth.signInWithGoogle).toHaveBeenCalledWith('credencial-google');
    expect(where(router)).toBe(`/pagos/${PLAN_ID}`);
  });

  test('when a signed-in page sends a visitor to log in, then they return to it with its query', async () => {
    const router = renderAt('/profile?tab=pagos');
    expect(where(router)).toBe(`/login?volver=${encodeURIComponent('/profile?tab=pagos')}`);
    await signIn();
    expect(await screen.findByText('Mi perfil')).toBeInTheDocument();
    expect(where(router)).toBe('/profile?tab=pagos');
  });

  test.each(['https://otro.example/robar', '//otro.example/robar', '/\\otro.example'])(
    'when ?volver= names another site (%s), then login goes to / instead',
    async (target) => {
      const router = renderAt(`/login?volver=${encodeURIComponent(target)}`);
      await signIn();
      expect(await screen.findByText('Inicio')).toBeInTheDocument();
      expect(where(router)).toBe('/');
    },
  );
});

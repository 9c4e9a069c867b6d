import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserDto } from '@pulso/shared';
import * as auth from '../../features/auth/api/auth';
import { useAuthStore } from '../../features/auth/store';
import { sessionToken as token } from '../../test/helpers';
import { routes } from '../router';

vi.mock('../../features/auth/api/auth');
vi.mock('../../features/payments/api/payments', () => ({
  getPlan: vi.fn(),
  createCheckout: vi.fn(),
  getCheckoutSession: vi.fn(),
  confirmDemoCheckout: vi.fn(),
  cancelDemoCheckout: vi.fn(),
  getMyPayments: vi.fn(() => Promise.resolve([])),
}));

const USER = {
  id: 'u1',
  fullName: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '',
  isAdmin: false,
  isMonitor: false,
  deletedAt: null,
  membresia: null,
  lessonDetails: [],
  monitorLessons: [],
} as unknown as UserDto;

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderAt>) => router.state.location.pathname + router.state.location.search;

describe('moving between pages', () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    vi.mocked(auth.getUser).mockReset().mockResolvedValue(USER);
  });

  test('when the link that had focus leaves with its page, then focus goes to the new page’s main heading', async () => {
    const router = renderAt('/denegado');
    await screen.findByRole('heading', { name: 'Acceso denegado' });
    const main = screen.getByRole('main');
    const link = within(main).getByRole('link', { name: 'Ingresar' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(where(router)).toBe('/login'));
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    // The first navigation of the file loads the login page's lazy chunk cold: under the full
    // suite's load that alone can pass five seconds, so this test may take fifteen before it hangs.
  }, 15_000);

  test('when Cerrar sesión is pressed on /profile, then the visitor lands on plain /login, with no return target', async () => {
    await useAuthStore.getState().signIn(token('u1'));
    const router = renderAt('/profile');
    await screen.findByRole('heading', { name: 'Ana Pérez' });
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByLabelText('Email');
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(where(router)).toBe('/login');
  });
});

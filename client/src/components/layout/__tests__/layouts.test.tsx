import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, test } from 'vitest';
import { useAuthStore } from '../../../features/auth/store';
import { DashboardLayout } from '../dashboard-layout';
import { PublicLayout } from '../public-layout';

function token(payload: object): string {
  return `x.${btoa(JSON.stringify(payload))}.y`;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [{ index: true, element: <p>Contenido del panel</p> }],
      },
      { element: <PublicLayout />, children: [{ path: '/', element: <p>Inicio público</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('layouts', () => {
  beforeEach(() => useAuthStore.getState().logout());

  test('when a visitor opens /dashboard, then they are sent to /', async () => {
    const router = renderAt('/dashboard');
    expect(await screen.findByText('Inicio público')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  test('when an admin opens /dashboard, then the shell shows without the public footer', async () => {
    useAuthStore.getState().setToken(token({ id: 'a1', isAdmin: true }));
    renderAt('/dashboard');
    expect(await screen.findByText('Contenido del panel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Membresías' })).toHaveAttribute('href', '/dashboard/membresias');
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  test('when a visitor is on a public page, then the bar shows Planes and Ingresar but not Perfil', async () => {
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Planes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Perfil' })).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  test('when an active member is logged in, then Perfil shows and Planes does not', async () => {
    useAuthStore.getState().setToken(token({ id: 'u1', isAdmin: false }));
    useAuthStore.getState().setActive(true);
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Planes' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Panel' })).toBeNull();
  });

  test('when the phone menu is open and Escape is pressed, then it closes and focus returns to its button', async () => {
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const toggle = screen.getByRole('button', { name: 'Cerrar menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveFocus();
  });

  test('when Tab leaves the open phone menu past its last item, then the menu folds instead of hiding focus behind it', async () => {
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('button', { name: 'Modo oscuro' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('contentinfo')).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('when focus moves between the open menu and its button, then the menu stays open', async () => {
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  });
});

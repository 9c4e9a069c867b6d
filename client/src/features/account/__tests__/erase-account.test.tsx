import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiError, sessionToken } from '../../../test/helpers';
import { useAuthStore } from '../../auth/store';
import { eraseMyAccount } from '../api/erase';
import { EraseAccount } from '../components/erase-account';

vi.mock('../api/erase');

const DONE = 'Tu cuenta se eliminó. Gracias por haber entrenado con nosotros.';

function renderOnProfile() {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <EraseAccount /> },
      { path: '/', element: <h1>Inicio</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("'Eliminar mi cuenta'", () => {
  beforeEach(() => {
    vi.mocked(eraseMyAccount).mockReset();
    localStorage.setItem('token', sessionToken('a'.repeat(24)));
    useAuthStore.setState({ token: sessionToken('a'.repeat(24)), userId: 'a'.repeat(24) });
  });

  test('when confirmed with the password, then the account is erased, the server says so and the person leaves signed out', async () => {
    vi.mocked(eraseMyAccount).mockResolvedValue(DONE);
    const router = renderOnProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    expect(dialog).toHaveAccessibleDescription(/Tus reseñas quedan como «Socio anónimo»/);
    // The password field has the focus: typing and Enter confirm.
    expect(within(dialog).getByLabelText('Contraseña')).toHaveFocus();
    await userEvent.keyboard('Socio1234{Enter}');
    expect(eraseMyAccount).toHaveBeenCalledWith({ password: 'Socio1234', email: '' });
    const done = await screen.findByRole('alertdialog', { name: 'Cuenta eliminada' });
    expect(done).toHaveTextContent(DONE);
    await userEvent.click(within(done).getByRole('button', { name: 'Ir al inicio' }));
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('when the password is wrong, then the field says so and nothing else happens', async () => {
    vi.mocked(eraseMyAccount).mockRejectedValue(
      apiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'La contraseña no es correcta',
        details: [{ field: 'password', message: 'La contraseña no es correcta' }],
      }),
    );
    renderOnProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Mala1234');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }));
    expect(await screen.findByText('La contraseña no es correcta')).toBeVisible();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(useAuthStore.getState().token).not.toBeNull();
  });

  test('when the account signs in with Google only, then the e-mail confirms it', async () => {
    vi.mocked(eraseMyAccount).mockResolvedValue(DONE);
    renderOnProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Entro con Google y no tengo contraseña' }));
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'socio@pulso.demo');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }));
    expect(eraseMyAccount).toHaveBeenCalledWith({ email: 'socio@pulso.demo', password: '' });
    expect(await screen.findByRole('alertdialog', { name: 'Cuenta eliminada' })).toBeVisible();
  });

  test('when refused for another reason, then the server’s words show in the dialog', async () => {
    vi.mocked(eraseMyAccount).mockRejectedValue(
      apiError(409, { code: 'LAST_ADMIN', message: 'Debe quedar al menos un administrador activo' }),
    );
    renderOnProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Admin1234');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Debe quedar al menos un administrador activo');
    // Cancelar closes it, and the account stays.
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

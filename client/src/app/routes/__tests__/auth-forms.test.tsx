import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserDto } from '@pulso/shared';
import * as auth from '../../../features/auth/api/auth';
import { useAuthStore } from '../../../features/auth/store';
import { apiError, sessionToken as token } from '../../../test/helpers';
import { LoginRoute } from '../login';
import { ProfileEditRoute } from '../profile-edit';
import { RegisterRoute } from '../register';

vi.mock('../../../features/auth/api/auth');

const USER: UserDto = {
  id: 'u1',
  fullName: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '5512345678',
  isMonitor: false,
  isAdmin: false,
  staffRole: null,
  deletedAt: null,
  erasedAt: null,
  statusMembershipIdStatus: 'Inactivo',
  membresia: null,
  homeBranch: null,
  detalle: {
    fullName: 'Ana Pérez',
    email: 'ana@example.com',
    phone: '5512345678',
    isMonitor: false,
    isAdmin: false,
    staffRole: null,
    lessonDetails: [],
  },
  lessonDetails: [],
  monitorLessons: [],
};

function renderAt(path: string, element: React.ReactNode, route = path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
        <Route path="/" element={<p>Inicio</p>} />
        <Route path="/profile" element={<p>Perfil</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.mocked(auth.login).mockReset();
  vi.mocked(auth.register).mockReset();
  vi.mocked(auth.getUser).mockReset().mockResolvedValue(USER);
  vi.mocked(auth.updateProfile).mockReset();
  useAuthStore.getState().logout();
});

describe('login form', () => {
  test('when a field is missing, then a modal says Debe completar todos los campos and nothing is sent', async () => {
    renderAt('/login', <LoginRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Debe completar todos los campos');
    expect(auth.login).not.toHaveBeenCalled();
  });

  test('when the e-mail is unknown, then the message shows under the e-mail field', async () => {
    vi.mocked(auth.login).mockRejectedValue(
      apiError(404, { code: 'USER_NOT_FOUND', message: 'No se encontró un usuario con ese email' }),
    );
    renderAt('/login', <LoginRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'nadie@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123{Enter}');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('No se encontró un usuario con ese email'));
    expect(screen.getByLabelText('Contraseña')).not.toHaveAccessibleDescription();
  });

  test('when the password is wrong, then the message shows under the password field', async () => {
    vi.mocked(auth.login).mockRejectedValue(
      apiError(401, { code: 'WRONG_PASSWORD', message: 'La contraseña es incorrecta' }),
    );
    renderAt('/login', <LoginRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Mala12345{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('La contraseña es incorrecta'),
    );
  });

  test('when the server cannot be reached, then an alert says so', async () => {
    vi.mocked(auth.login).mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    renderAt('/login', <LoginRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123{Enter}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('No se pudo conectar con el servidor');
  });

  test('when the login succeeds (Enter submits), then the token is stored and the visitor goes to /', async () => {
    vi.mocked(auth.login).mockResolvedValue(token('u1'));
    renderAt('/login', <LoginRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123{Enter}');
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token('u1'));
    expect(useAuthStore.getState().user?.fullName).toBe('Ana Pérez');
  });

  test('when the eye button is pressed, then the password is shown and hidden again', async () => {
    renderAt('/login', <LoginRoute />);
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('a session the server ended', () => {
  test('when the account was suspended meanwhile, then the sign-in page says why the session ended, until the next sign-in', async () => {
    vi.mocked(auth.getUser).mockRejectedValueOnce(
      apiError(401, {
        code: 'ACCOUNT_SUSPENDED',
        message: 'Tu cuenta está suspendida. Comunícate con el gimnasio para restaurarla.',
      }),
    );
    await useAuthStore.getState().signIn(token('u1'));
    expect(useAuthStore.getState().token).toBeNull();
    renderAt('/login', <LoginRoute />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tu cuenta está suspendida. Comunícate con el gimnasio para restaurarla.',
    );

    await useAuthStore.getState().signIn(token('u1'));
    expect(useAuthStore.getState().sessionEnded).toBeNull();
  });

  test('when the visitor signs out themselves, then the sign-in page says nothing about it', async () => {
    await useAuthStore.getState().signIn(token('u1'));
    useAuthStore.getState().signOut();
    renderAt('/login', <LoginRoute />);
    await screen.findByRole('heading', { name: 'Ingresar' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('register form', () => {
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));

  test.each([
    ['', 'Secreta123', 'Email', 'El email es obligatorio'],
    ['ana', 'Secreta123', 'Email', 'Debe ingresar un correo electrónico válido'],
    ['ana@example.com', '', 'Contraseña', 'La contraseña es obligatoria'],
    ['ana@example.com', 'Secretaaa', 'Contraseña', 'La contraseña debe tener al menos 1 número (0-9)'],
    ['ana@example.com', 'secreta123', 'Contraseña', 'La contraseña debe tener al menos una mayúscula'],
    ['ana@example.com', 'Secre12', 'Contraseña', 'La contraseña debe tener al menos 8 caracteres'],
  ])('when e-mail %j and password %j are sent, then %s says %s', async (email, password, label, message) => {
    renderAt('/register', <RegisterRoute />);
    if (email) await userEvent.type(screen.getByLabelText('Email'), email);
    if (password) await userEvent.type(screen.getByLabelText('Contraseña'), password);
    await submit();
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(auth.register).not.toHaveBeenCalled();
  });

  test('when the e-mail is taken, then the server message shows under the e-mail', async () => {
    vi.mocked(auth.register).mockRejectedValue(
      apiError(409, {
        code: 'EMAIL_TAKEN',
        message: 'Este email ya esta registrado',
        details: [{ field: 'email', message: 'Este email ya esta registrado' }],
      }),
    );
    renderAt('/register', <RegisterRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Este email ya esta registrado'),
    );
  });

  test('when the registration succeeds, then the token is stored and the visitor goes to /', async () => {
    vi.mocked(auth.register).mockResolvedValue(token('u1'));
    renderAt('/register', <RegisterRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await submit();
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    expect(auth.register).toHaveBeenCalledWith('ana@example.com', 'Secreta123', '');
  });
});

describe('edit profile form', () => {
  beforeEach(async () => {
    await useAuthStore.getState().signIn(token('u1'));
  });

  const open = () => renderAt('/profile/editar/u1', <ProfileEditRoute />, '/profile/editar/:id');

  test('when the phone has letters, then El telefono solo puede contener números shows and saving is disabled', async () => {
    open();
    const phone = await screen.findByLabelText('Teléfono');
    await userEvent.clear(phone);
    await userEvent.type(phone, '55abc');
    expect(phone).toHaveAccessibleDescription('El telefono solo puede contener números');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  });

  test('when a new password breaks a rule, then its message shows', async () => {
    open();
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'corta');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(
      expect.stringContaining('La contraseña debe tener al menos 1 número (0-9)'),
    );
  });

  test('when saving is confirmed, then the profile is updated and the member returns to /profile', async () => {
    vi.mocked(auth.updateProfile).mockResolvedValue({ message: 'Usuario actualizado correctamente' });
    open();
    const name = await screen.findByLabelText('Nombre de usuario');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana María');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Estás seguro de que quieres modificar tu perfil?');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Perfil')).toBeInTheDocument();
    expect(auth.updateProfile).toHaveBeenCalledWith('u1', {
      fullName: 'Ana María',
      phone: '5512345678',
      homeBranch: '',
    });
  });

  test('when a new password is saved, then the session continues with the token the server sends back', async () => {
    const fresh = token('u1');
    vi.mocked(auth.updateProfile).mockResolvedValue({
      message: 'Usuario actualizado correctamente',
      token: fresh + 'x',
    });
    open();
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'Nueva1234');
    await userEvent.type(screen.getByLabelText('Contraseña actual'), 'Vieja1234');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Perfil')).toBeInTheDocument();
    expect(auth.updateProfile).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ password: 'Nueva1234', currentPassword: 'Vieja1234' }),
    );
    expect(useAuthStore.getState().token).toBe(fresh + 'x');
    expect(localStorage.getItem('token')).toBe(fresh + 'x');
  });

  test('when the phone has 5 digits, then the 10-digit rule shows and saving is disabled', async () => {
    open();
    const phone = await screen.findByLabelText('Teléfono');
    await userEvent.clear(phone);
    await userEvent.type(phone, '55123');
    expect(phone).toHaveAccessibleDescription('Telefono solo numeros, hasta 10 digitos');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  });

  test('when a new password is typed, then the current one is asked for, its message once the field is left', async () => {
    open();
    expect(screen.queryByLabelText('Contraseña actual')).not.toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'Nueva1234');
    const current = screen.getByLabelText('Contraseña actual');
    // Not yet reached: only its hint, no error in red.
    expect(current).toHaveAccessibleDescription('Para cambiar tu contraseña, confirma la que usas ahora.');
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(current);
    // Its own show/hide button is still the field.
    await userEvent.tab();
    expect(document.activeElement).toHaveAccessibleName('Mostrar contraseña');
    expect(current.closest('.field')).toContainElement(document.activeElement as HTMLElement);
    expect(current).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(current).toHaveAccessibleDescription(expect.stringContaining('Escribe tu contraseña actual para cambiarla'));
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  });

  test('when saving without the current password, then its message shows, focus goes to it and nothing is asked', async () => {
    open();
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'Nueva1234');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const current = screen.getByLabelText('Contraseña actual');
    expect(current).toHaveAccessibleDescription(expect.stringContaining('Escribe tu contraseña actual para cambiarla'));
    expect(current).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(auth.updateProfile).not.toHaveBeenCalled();
  });

  test('when a phone longer than 15 characters is typed, then all of it stays and the rule says why', async () => {
    open();
    const phone = await screen.findByLabelText('Teléfono');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+52 55 1234 5678');
    expect(phone).toHaveValue('+52 55 1234 5678');
    expect(phone).toHaveAccessibleDescription('El telefono solo puede contener números');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  });

  test('when the server says the current password is wrong, then it shows under that field', async () => {
    const body = {
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'La contraseña actual es incorrecta',
      details: [{ field: 'currentPassword', message: 'La contraseña actual es incorrecta' }],
    };
    vi.mocked(auth.updateProfile).mockRejectedValue(apiError(400, body));
    open();
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'Nueva1234');
    await userEvent.type(screen.getByLabelText('Contraseña actual'), 'Equivocada1');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByLabelText('Contraseña actual')).toHaveAccessibleDescription(
      expect.stringContaining('La contraseña actual es incorrecta'),
    );
  });

  test('when saving is declined, then nothing is sent', async () => {
    open();
    await screen.findByLabelText('Nombre de usuario');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Volver' }));
    expect(auth.updateProfile).not.toHaveBeenCalled();
  });
});

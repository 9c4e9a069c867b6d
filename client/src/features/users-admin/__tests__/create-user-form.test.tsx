import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createUser } from '../api/users-admin';
import { CreateUserForm } from '../components/create-user-form';
import { apiError, resetUsersAdmin } from './fixtures';

// Every call of the API module is a mock (see fixtures' `api`).
vi.mock('../api/users-admin');

function renderForm() {
  return render(
    <MemoryRouter initialEntries={['/dashboard/usuarios/crear']}>
      <Routes>
        <Route path="/dashboard/usuarios/crear" element={<CreateUserForm />} />
        <Route path="/dashboard/usuarios" element={<h1>Lista de usuarios</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The validation message linked to a field (aria-describedby), or null. */
function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const node = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field__error'));
  return node?.textContent ?? null;
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Nombre y apellidos'), 'Juan Pérez (hijo)');
  await userEvent.type(screen.getByLabelText('Email'), 'juan@example.com');
  await userEvent.type(screen.getByLabelText('Teléfono'), '5512345678');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta123');
}

const submit = () => screen.getByRole('button', { name: 'Crear usuario' });

describe('CreateUserForm', () => {
  beforeEach(() => {
    resetUsersAdmin();
  });

  test('when the form opens, then it says Datos incompletos!, the submit is disabled and a back link goes to the list', () => {
    renderForm();
    expect(screen.getByRole('status')).toHaveTextContent('Datos incompletos!');
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('link', { name: /Atras/ })).toHaveAttribute('href', '/dashboard/usuarios');
    // Nothing was touched yet: no message is shown.
    expect(errorUnder('Email')).toBeNull();
  });

  test('when the name is emptied or has special characters, then its message shows under it', async () => {
    renderForm();
    const name = screen.getByLabelText('Nombre y apellidos');
    await userEvent.type(name, 'Juan$');
    expect(errorUnder('Nombre y apellidos')).toBe('No puede llevar caracteres especiales');
    await userEvent.clear(name);
    expect(errorUnder('Nombre y apellidos')).toBe('Se requiere nombre y apellidos completos!');
    await userEvent.type(name, 'Juan Pérez');
    expect(errorUnder('Nombre y apellidos')).toBeNull();
  });

  test('when the e-mail is left empty or malformed, then its message shows under it', async () => {
    renderForm();
    const email = screen.getByLabelText('Email');
    await userEvent.click(email);
    await userEvent.tab();
    expect(errorUnder('Email')).toBe('Se requiere email');
    await userEvent.type(email, 'juan@');
    expect(errorUnder('Email')).toBe('No tiene formato de email correcto');
    await userEvent.type(email, 'example.com');
    expect(errorUnder('Email')).toBeNull();
  });

  test('when the phone is empty or not 10 digits, then its message shows under it', async () => {
    renderForm();
    const phone = screen.getByLabelText('Teléfono');
    await userEvent.type(phone, '55a');
    expect(errorUnder('Teléfono')).toBe('Telefono solo numeros, hasta 10 digitos');
    await userEvent.clear(phone);
    expect(errorUnder('Teléfono')).toBe('Campo requerido!');
    await userEvent.type(phone, '55123456789');
    expect(errorUnder('Teléfono')).toBe('Telefono solo numeros, hasta 10 digitos');
    await userEvent.clear(phone);
    await userEvent.type(phone, '5512345678');
    expect(errorUnder('Teléfono')).toBeNull();
  });

  test('when a phone longer than 15 characters is typed, then none of it is cut and the rule says why', async () => {
    renderForm();
    const phone = screen.getByLabelText('Teléfono');
    await userEvent.type(phone, '+52 55 1234 5678');
    expect(phone).toHaveValue('+52 55 1234 5678');
    expect(errorUnder('Teléfono')).toBe('Telefono solo numeros, hasta 10 digitos');
  });

  test('when the password is weak, then the password rule it breaks shows under it', async () => {
    renderForm();
    const password = screen.getByLabelText('Contraseña');
    await userEvent.type(password, 'abc');
    expect(errorUnder('Contraseña')).toBe('La contraseña debe tener al menos 1 número (0-9)');
    await userEvent.type(password, '1');
    expect(errorUnder('Contraseña')).toBe('La contraseña debe tener al menos una mayúscula');
    await userEvent.type(password, 'A');
    expect(errorUnder('Contraseña')).toBe('La contraseña debe tener al menos 8 caracteres');
    await userEvent.type(password, 'bcde');
    expect(errorUnder('Contraseña')).toBeNull();
  });

  test('when the role is Entrenador, then the trainer form rules apply, as the server does', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Nombre y apellidos'), 'Juan 2');
    expect(errorUnder('Nombre y apellidos')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Rol'), 'Entrenador');
    expect(errorUnder('Nombre y apellidos')).toBe('No se pueden utilizar números');
  });

  test('when every field is valid, then the banner says Todo en orden para dar de alta! and the submit is enabled', async () => {
    renderForm();
    await fillValid();
    expect(screen.getByRole('status')).toHaveTextContent('Todo en orden para dar de alta!');
    expect(submit()).toBeEnabled();
  });

  test('when the admin confirms Se creara un nuevo usuario!! and the server creates it, then Creado con exito! shows and leads to the list', async () => {
    vi.mocked(createUser).mockResolvedValue({
      success: true,
      user: { id: 'n'.repeat(24) },
      message: 'Usuario creado con éxito',
    });
    renderForm();
    await fillValid();
    await userEvent.selectOptions(screen.getByLabelText('Es administrador?'), 'Si');
    await userEvent.click(submit());

    const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
    expect(confirm).toHaveTextContent('Se creara un nuevo usuario!!');
    expect(createUser).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Creado con exito!');
    expect(createUser).toHaveBeenCalledWith({
      fullName: 'Juan Pérez (hijo)',
      email: 'juan@example.com',
      phone: '5512345678',
      password: 'Secreta123',
      isMonitor: false,
      isAdmin: true,
      homeBranch: '',
      staffRole: '',
    });
    await userEvent.click(within(result).getByRole('button', { name: 'Ir a la lista de usuarios' }));
    expect(screen.getByRole('heading', { name: 'Lista de usuarios' })).toBeInTheDocument();
  });

  test('when the server refuses a taken e-mail, then its message shows (never Creado con exito!) and stays under the e-mail', async () => {
    vi.mocked(createUser).mockRejectedValue(
      apiError(409, { code: 'EMAIL_TAKEN', message: 'Este email ya esta registrado' }),
    );
    renderForm();
    await fillValid();
    await userEvent.click(submit());
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('No se pudo crear el usuario.');
    expect(result).toHaveTextContent('Este email ya esta registrado');
    expect(result).not.toHaveTextContent('Creado con exito!');
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));

    expect(errorUnder('Email')).toBe('Este email ya esta registrado');
    expect(screen.getByRole('status')).toHaveTextContent('Datos incompletos!');
    expect(submit()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(errorUnder('Email')).toBeNull();
  });

  test('when the server answers with field details, then each shows under its field', async () => {
    vi.mocked(createUser).mockRejectedValue(
      apiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'Hay datos inválidos en la solicitud',
        details: [{ field: 'phone', message: 'Telefono solo numeros, hasta 10 digitos' }],
      }),
    );
    renderForm();
    await fillValid();
    await userEvent.click(submit());
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Hay datos inválidos en la solicitud');
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(errorUnder('Teléfono')).toBe('Telefono solo numeros, hasta 10 digitos');
  });

  test('when the server cannot be reached, then the network message shows', async () => {
    vi.mocked(createUser).mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    renderForm();
    await fillValid();
    await userEvent.click(submit());
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent(
      'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    );
  });

  test('when the admin cancels the confirmation, then nothing is sent', async () => {
    renderForm();
    await fillValid();
    await userEvent.click(submit());
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(createUser).not.toHaveBeenCalled();
  });
});

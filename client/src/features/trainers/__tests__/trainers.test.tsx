import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AxiosError, AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { TrainerDto, UserDto } from '@pulso/shared';
import { createTrainer, deleteTrainer, getTrainer, getTrainers, updateTrainer } from '../api/trainers';
import { TrainerFormScreen } from '../components/trainer-form-screen';
import { TrainerList } from '../components/trainer-list';
import { apiError, field, messageOf, pressAndConfirm, type User } from '../../../test/helpers';
import { useTrainersStore } from '../store';

vi.mock('../api/trainers');

const TRAINERS: TrainerDto[] = [
  {
    id: 't1',
    fullName: 'Carlos Ruiz',
    email: 'carlos@pulso.demo',
    lessonDetails: [
      { id: 'l1', name: 'Boxeo' },
      { id: 'l2', name: 'HIIT' },
    ],
  },
  { id: 't2', fullName: 'Lucía Fernández', email: 'lucia@pulso.demo', lessonDetails: [] },
];

const LUCIA_DETAILS = {
  fullName: 'Lucía Fernández',
  email: 'lucia@pulso.demo',
  phone: '5510000005',
  isMonitor: true,
  isAdmin: false,
  staffRole: null,
  lessonDetails: [],
};

const LUCIA: UserDto = {
  id: 't2',
  ...LUCIA_DETAILS,
  deletedAt: null,
  erasedAt: null,
  statusMembershipIdStatus: 'Inactivo',
  membresia: null,
  homeBranch: null,
  detalle: LUCIA_DETAILS,
  monitorLessons: [
    { id: 'l3', name: 'Yoga', scheduleDays: [], scheduleHourStart: '9:00', scheduleHourFinish: '10:00' },
  ],
};

function Form() {
  const { id } = useParams();
  return <TrainerFormScreen id={id} />;
}

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/profesores" element={<TrainerList />} />
        <Route path="/dashboard/profesores/crear" element={<Form />} />
        <Route path="/dashboard/profesores/editar/:id" element={<Form />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

async function fillValid(user: User) {
  await user.type(field('Nombre'), 'Pedro Alvarez');
  await user.type(field('E-mail'), 'pedro@pulso.demo');
  await user.type(field('Contraseña'), 'Clave1234');
  await user.type(field('Teléfono'), '5512345678');
  await user.selectOptions(field('Es profesor?'), 'Si');
  await user.selectOptions(field('Es administrador?'), 'No');
}

/** Opens `path` and returns the alert it shows. */
async function alertAt(path: string) {
  renderAt(path);
  return screen.findByRole('alert');
}

describe('trainers (/dashboard/profesores)', () => {
  beforeEach(() => {
    useTrainersStore.setState(useTrainersStore.getInitialState(), true);
    vi.mocked(getTrainers).mockReset().mockResolvedValue(TRAINERS);
    vi.mocked(getTrainer).mockReset().mockResolvedValue(LUCIA);
    vi.mocked(createTrainer).mockReset();
    vi.mocked(updateTrainer).mockReset();
    vi.mocked(deleteTrainer).mockReset();
  });

  describe('list', () => {
    test('when the trainers load, then Nombre and Clase show per row with an edit link, and + goes to crear', async () => {
      renderAt('/dashboard/profesores');
      expect(screen.getByRole('status')).toHaveTextContent('Cargando profesores...');
      const table = await screen.findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Nombre', 'Clase', 'Acciones']);
      const carlos = within(table).getByRole('row', { name: /Carlos Ruiz/ });
      expect(carlos).toHaveTextContent('Boxeo, HIIT');
      expect(within(carlos).getByRole('link', { name: 'Editar Carlos Ruiz' })).toHaveAttribute(
        'href',
        '/dashboard/profesores/editar/t1',
      );
      expect(within(table).getByRole('row', { name: /Lucía Fernández/ })).toHaveTextContent('Sin clases');
      expect(screen.getByRole('link', { name: 'Crear Profesor' })).toHaveAttribute(
        'href',
        '/dashboard/profesores/crear',
      );
    });

    test('when the list fails, then the server message shows', async () => {
      vi.mocked(getTrainers).mockRejectedValue(
        apiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' }),
      );
      expect(await alertAt('/dashboard/profesores')).toHaveTextContent(
        'No se pudieron cargar los profesores. No tienes permiso para realizar esta acción',
      );
    });
  });

  describe('Crear Profesor', () => {
    test('when fields are touched with wrong values, then each form message shows under its field', async () => {
      const user = renderAt('/dashboard/profesores/crear');
      expect(screen.getByRole('heading', { name: 'Crear Profesor' })).toBeInTheDocument();
      const name = field('Nombre');
      await user.click(name);
      await user.tab();
      expect(messageOf(name)).toBe('El nombre es requerido');
      await user.type(name, 'Pedro 2');
      expect(messageOf(name)).toBe('No se pueden utilizar números');
      await user.clear(name);
      await user.type(name, 'P'.repeat(41));
      expect(messageOf(name)).toBe('el nombre no puede tener más de 40 caracteres');

      await user.type(field('E-mail'), 'pedro@');
      expect(messageOf(field('E-mail'))).toBe('No es un correo electrónico válido');
      await user.type(field('Teléfono'), '12345');
      expect(messageOf(field('Teléfono'))).toBe('No es un número de celular válido');
      await user.click(field('Contraseña'));
      await user.tab();
      expect(messageOf(field('Contraseña'))).toBe('La contraseña es requerida');
      await user.type(field('Contraseña'), 'abc');
      expect(messageOf(field('Contraseña'))).toBe('La contraseña debe tener al menos 1 número (0-9)');
      await user.clear(field('Contraseña'));
      await user.type(field('Contraseña'), 'abcdefg1');
      expect(messageOf(field('Contraseña'))).toBe('La contraseña debe tener al menos una mayúscula');

      for (const label of ['Es profesor?', 'Es administrador?']) {
        const select = field(label) as HTMLSelectElement;
        expect([...select.options].map((o) => o.text)).toEqual(['Seleccione', 'Si', 'No']);
        await user.click(select);
        await user.tab();
        expect(messageOf(select)).toBe('Es necesario seleccionar si es profesor');
      }
    });

    test('when every field is filled, then Guardar enables; confirming shows the server answer and the list grows', async () => {
      vi.mocked(createTrainer).mockResolvedValue({ id: 't3', message: 'Usuario creado con éxito' });
      const user = renderAt('/dashboard/profesores/crear');
      const save = screen.getByRole('button', { name: 'Guardar' });
      expect(save).toBeDisabled();
      await fillValid(user);
      expect(save).toBeEnabled();
      await user.click(save);
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent('¿Estás seguro de que quieres crear tu profesor?');
      await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Usuario creado con éxito');
      expect(createTrainer).toHaveBeenCalledWith({
        fullName: 'Pedro Alvarez',
        email: 'pedro@pulso.demo',
        password: 'Clave1234',
        phone: '5512345678',
        isMonitor: true,
        isAdmin: false,
      });
      expect(useTrainersStore.getState().items.map((t) => t.fullName)).toContain('Pedro Alvarez');
      // The list shows the new trainer at once, while its own refresh is still on the way.
      vi.mocked(getTrainers).mockReturnValue(new Promise(() => undefined));
      await user.click(within(result).getByRole('link', { name: 'Volver a Profesores' }));
      expect(await screen.findByRole('row', { name: /Pedro Alvarez/ })).toBeInTheDocument();
    });

    test('when the server refuses, then its message shows in the dialog and under the field', async () => {
      vi.mocked(createTrainer).mockRejectedValue(
        apiError(409, {
          code: 'EMAIL_TAKEN',
          message: 'Este email ya esta registrado',
          details: [{ field: 'email', message: 'Este email ya esta registrado' }],
        }),
      );
      const user = renderAt('/dashboard/profesores/crear');
      await fillValid(user);
      const result = await pressAndConfirm(user, 'Guardar');
      expect(result).toHaveTextContent('Este email ya esta registrado');
      await user.click(within(result).getByRole('button', { name: 'Aceptar' }));
      expect(messageOf(field('E-mail'))).toBe('Este email ya esta registrado');
      expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    });
  });

  describe('edit', () => {
    test('when the trainer loads, then the id is read-only and the selectors offer Si and No', async () => {
      renderAt('/dashboard/profesores/editar/t2');
      await screen.findByRole('heading', { name: 'Editar Profesor' });
      expect(field('Id')).toHaveValue('t2');
      expect(field('Id')).toHaveAttribute('readonly');
      expect(field('Nombre')).toHaveValue('Lucía Fernández');
      expect(field('E-mail')).toHaveValue('lucia@pulso.demo');
      expect(field('Teléfono')).toHaveValue('5510000005');
      expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
      const isTrainer = field('Es profesor?') as HTMLSelectElement;
      expect([...isTrainer.options].map((o) => o.text)).toEqual(['Si', 'No']);
      expect(isTrainer).toHaveValue('Si');
      expect(field('Es administrador?')).toHaveValue('No');
      expect(screen.getByRole('link', { name: 'Volver a Profesores' })).toHaveAttribute(
        'href',
        '/dashboard/profesores',
      );
    });

    test('when a field is wrong, then Guardar is disabled; saving shows the server answer and updates the list', async () => {
      useTrainersStore.setState({ items: TRAINERS, status: 'succeeded' });
      vi.mocked(updateTrainer).mockResolvedValue({
        message: 'Usuario actualizado correctamente',
        user: { ...LUCIA, fullName: 'Lucía Fernández Paz' },
      });
      const user = renderAt('/dashboard/profesores/editar/t2');
      await screen.findByRole('heading', { name: 'Editar Profesor' });
      const save = screen.getByRole('button', { name: 'Guardar' });
      await user.clear(field('Teléfono'));
      await user.type(field('Teléfono'), '55');
      expect(messageOf(field('Teléfono'))).toBe('No es un número de celular válido');
      expect(save).toBeDisabled();
      await user.type(field('Teléfono'), '10000005');
      expect(save).toBeEnabled();
      await user.type(field('Nombre'), ' Paz');
      await user.click(save);
      expect(screen.getByRole('alertdialog', { name: 'Confirmación' })).toHaveTextContent(
        '¿Estás seguro de que quieres modificar el profesor?',
      );
      await user.click(screen.getByRole('button', { name: 'Confirmar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Usuario actualizado correctamente');
      expect(updateTrainer).toHaveBeenCalledWith('t2', {
        fullName: 'Lucía Fernández Paz',
        email: 'lucia@pulso.demo',
        phone: '5510000005',
        isMonitor: true,
        isAdmin: false,
      });
      expect(useTrainersStore.getState().items.find((t) => t.id === 't2')).toEqual({
        id: 't2',
        fullName: 'Lucía Fernández Paz',
        email: 'lucia@pulso.demo',
        lessonDetails: [{ id: 'l3', name: 'Yoga' }],
      });
    });

    test('when the update fails, then the server message shows', async () => {
      vi.mocked(updateTrainer).mockRejectedValue(
        apiError(409, { code: 'LAST_ADMIN', message: 'Debe quedar al menos un administrador activo' }),
      );
      const user = renderAt('/dashboard/profesores/editar/t2');
      await screen.findByRole('heading', { name: 'Editar Profesor' });
      expect(await pressAndConfirm(user, 'Guardar')).toHaveTextContent('Debe quedar al menos un administrador activo');
    });

    test('when Eliminar is confirmed, then the server answer shows and the trainer leaves the list', async () => {
      useTrainersStore.setState({ items: TRAINERS, status: 'succeeded' });
      vi.mocked(deleteTrainer).mockResolvedValue('Borrado exitoso');
      const user = renderAt('/dashboard/profesores/editar/t2');
      await screen.findByRole('heading', { name: 'Editar Profesor' });
      await user.click(screen.getByRole('button', { name: 'Eliminar' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent('¿Estás seguro de que quieres eliminar el profesor?');
      await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Borrado exitoso');
      expect(deleteTrainer).toHaveBeenCalledWith('t2');
      expect(useTrainersStore.getState().items.map((t) => t.id)).toEqual(['t1']);
    });

    test('when the trainer still teaches classes, then Eliminar shows the server message naming them and the trainer stays', async () => {
      useTrainersStore.setState({ items: TRAINERS, status: 'succeeded' });
      const message =
        'No se puede eliminar al profesor porque imparte clases. Asigna otro profesor a estas clases primero: Yoga.';
      vi.mocked(deleteTrainer).mockRejectedValue(
        new AxiosError('409', 'ERR_BAD_REQUEST', undefined, undefined, {
          status: 409,
          statusText: '',
          data: { code: 'TRAINER_IN_USE', message },
          headers: {},
          config: { headers: new AxiosHeaders() },
        }),
      );
      const user = renderAt('/dashboard/profesores/editar/t2');
      await screen.findByRole('heading', { name: 'Editar Profesor' });
      await user.click(screen.getByRole('button', { name: 'Eliminar' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent(message);
      expect(useTrainersStore.getState().items.map((t) => t.id)).toEqual(['t1', 't2']);
    });

    test('when the trainer cannot be loaded, then the server message shows', async () => {
      vi.mocked(getTrainer).mockRejectedValue(
        apiError(404, { code: 'USER_NOT_FOUND', message: 'No se encontró el usuario' }),
      );
      expect(await alertAt('/dashboard/profesores/editar/zz')).toHaveTextContent(
        'No se pudo cargar el profesor. No se encontró el usuario',
      );
    });
  });
});

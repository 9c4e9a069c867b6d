import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { HALF_HOUR_CHOICES, MESSAGES } from '@pulso/shared';
import {
  createLesson,
  deleteLesson,
  getAllLessons,
  getLessonById,
  getTrainers,
  getBranches,
  updateLesson,
} from '../api/lessons-dashboard';
import { LessonFormScreen } from '../components/lesson-form-screen';
import { field, messageOf, pressAndConfirm, type User } from '../../../test/helpers';
import { useLessonsDashboardStore } from '../store';
import { apiError, GOALS, LESSONS, TRAINERS, BRANCHES, TYPES, YOGA } from './fixtures';

vi.mock('../api/lessons-dashboard');

function Screen() {
  const { id } = useParams();
  return (
    <LessonFormScreen
      id={id}
      types={TYPES}
      goals={GOALS}
      catalogStatus="succeeded"
      catalogError={null}
      onRetryCatalog={() => undefined}
    />
  );
}

function renderAt(path: string) {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/clases" element={<h1>Lista de clases</h1>} />
        <Route path="/dashboard/clases/crear" element={<Screen />} />
        <Route path="/dashboard/clases/editar/:id" element={<Screen />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const groupMessage = (legend: string) => messageOf(screen.getByRole('group', { name: legend }));
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'clase.png', { type: 'image/png' });

/** Fills every field of the create form with valid values. */
async function fillValid(user: User) {
  await user.type(field('Nombre'), 'Spinning');
  await user.type(field('Descripción corta'), 'Ciclismo indoor');
  await user.type(field('Descripción'), 'Pedalea al ritmo de la música.');
  await user.type(field('Intensidad (1 a 5)'), '4');
  await user.selectOptions(field('Disponibilidad'), 'Activa');
  await user.selectOptions(field('Profesor'), 'Carlos Ruiz');
  await user.selectOptions(field('Sede'), 'Sede Centro');
  // Carlos Ruiz teaches Boxeo and Zumba on Mondays 9:00-10:00: this class starts as they end.
  await user.selectOptions(field('Hora de inicio'), '10:00');
  await user.selectOptions(field('Hora de fin'), '11:00');
  await user.click(screen.getByRole('checkbox', { name: 'Lunes' }));
  await user.click(screen.getByRole('checkbox', { name: 'Cardio' }));
  await user.click(screen.getByRole('checkbox', { name: 'Bienestar' }));
  await user.upload(field('Imagen'), png());
}

/** The edit screen of Yoga (l2), once it has loaded. */
async function openYogaEdit() {
  const user = renderAt('/dashboard/clases/editar/l2');
  await screen.findByRole('heading', { name: 'EDITA UNA CLASE' });
  return user;
}

describe('lesson form (/dashboard/clases/crear and editar/{id})', () => {
  beforeEach(() => {
    useLessonsDashboardStore.setState(useLessonsDashboardStore.getInitialState(), true);
    useLessonsDashboardStore.setState({ items: LESSONS, status: 'succeeded' });
    vi.mocked(getTrainers).mockReset().mockResolvedValue(TRAINERS);
    vi.mocked(getBranches).mockReset().mockResolvedValue(BRANCHES);
    vi.mocked(getAllLessons).mockReset().mockResolvedValue(LESSONS);
    vi.mocked(getLessonById).mockReset().mockResolvedValue(YOGA);
    vi.mocked(createLesson).mockReset();
    vi.mocked(updateLesson).mockReset();
    vi.mocked(deleteLesson).mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  describe('create', () => {
    test('when the trainers and sedes load, then the form shows them after Seleccione', async () => {
      renderAt('/dashboard/clases/crear');
      expect(screen.getByRole('status')).toHaveTextContent('Cargando profesores, sedes, tipos y metas...');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      const trainer = field('Profesor') as HTMLSelectElement;
      expect([...trainer.options].map((o) => o.text)).toEqual(['Seleccione', 'Carlos Ruiz', 'Lucía Fernández']);
      const branch = field('Sede') as HTMLSelectElement;
      expect([...branch.options].map((o) => o.text)).toEqual(['Seleccione', 'Sede Centro', 'Sede Norte']);
      expect(screen.getByRole('link', { name: 'Volver a Clases' })).toHaveAttribute('href', '/dashboard/clases');
    });

    test('when the hours are chosen, then start offers every half hour 1:00-23:30 and end only later hours', async () => {
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      const start = field('Hora de inicio') as HTMLSelectElement;
      const finish = field('Hora de fin') as HTMLSelectElement;
      const starts = [...start.options].map((o) => o.value).slice(1);
      // 24:00 is no start: no end hour comes after it (issue 18).
      expect(starts).toHaveLength(46);
      expect(starts[0]).toBe('1:00');
      expect(starts[1]).toBe('1:30');
      expect(starts.at(-1)).toBe('23:30');
      expect(starts).toEqual(HALF_HOUR_CHOICES.slice(0, -1));
      await user.selectOptions(start, '23:30');
      expect([...finish.options].map((o) => o.value)).toEqual(['Seleccione', '24:00']);

      await user.selectOptions(start, '9:30');
      const finishes = [...finish.options].map((o) => o.value).slice(1);
      expect(finishes[0]).toBe('10:00');
      expect(finishes).not.toContain('9:30');
      expect(finishes).not.toContain('9:00');
      expect(finishes.at(-1)).toBe('24:00');

      // A later start drops an end that would now come before it.
      await user.selectOptions(finish, '11:00');
      await user.selectOptions(start, '12:00');
      expect(finish.value).toBe('Seleccione');
      expect(messageOf(finish)).toBe(MESSAGES.lessonForm.hourFinishRequired);
      expect([...finish.options].map((o) => o.value)[1]).toBe('12:30');
    });

    test('when fields are touched with wrong values, then each form message shows under its field', async () => {
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      const name = field('Nombre');
      await user.click(name);
      await user.tab();
      expect(messageOf(name)).toBe('El nombre es requerido');
      await user.type(name, 'Yoga 2');
      expect(messageOf(name)).toBe('El nombre solo puede contener letras');
      await user.clear(name);
      await user.type(name, 'Yoga  Prenatal');
      expect(messageOf(name)).toBe('Deja un solo espacio entre palabras');
      await user.clear(name);
      await user.type(name, 'Yoga Prenatal');
      expect(messageOf(name)).toBeNull();
      await user.clear(name);
      await user.type(name, 'Yog');
      expect(messageOf(name)).toBe('El nombre debe ser mayor a 3 caracteres');
      await user.clear(name);
      await user.type(name, 'Abcdefghijklmnopqrst');
      expect(messageOf(name)).toBe('El nombre debe ser menor a 20 caracteres');
      await user.clear(name);
      await user.type(name, 'Yoga');
      expect(messageOf(name)).toBeNull();

      const description = field('Descripción');
      await user.type(description, 'ab');
      expect(messageOf(description)).toBe(MESSAGES.lessonForm.descriptionLength);
      await user.clear(description);
      expect(messageOf(description)).toBe(MESSAGES.lessonForm.descriptionRequired);

      const short = field('Descripción corta');
      await user.type(short, 'x'.repeat(51));
      expect(messageOf(short)).toBe(MESSAGES.lessonForm.shortDescriptionLength);
      await user.clear(short);
      expect(messageOf(short)).toBe(MESSAGES.lessonForm.shortDescriptionRequired);

      const effort = field('Intensidad (1 a 5)');
      await user.type(effort, '6');
      expect(messageOf(effort)).toBe(MESSAGES.lessonForm.effortRange);
      await user.clear(effort);
      await user.type(effort, 'a');
      expect(messageOf(effort)).toBe(MESSAGES.lessonForm.effortRange);
      await user.clear(effort);
      expect(messageOf(effort)).toBe(MESSAGES.lessonForm.effortRequired);

      for (const [label, message] of [
        ['Disponibilidad', 'La disponibilidad es requerida'],
        ['Profesor', 'El profesor es requerido'],
        ['Sede', 'La sede es requerida'],
        ['Hora de inicio', MESSAGES.lessonForm.hourStartRequired],
        ['Hora de fin', MESSAGES.lessonForm.hourFinishRequired],
      ] as const) {
        const select = field(label);
        await user.click(select);
        await user.tab();
        expect(messageOf(select)).toBe(message);
      }

      for (const [legend, option, message] of [
        ['Días de la semana', 'Lunes', 'El día de la semana es requerido'],
        ['Tipos de ejercicio', 'Cardio', MESSAGES.lessonForm.typesRequired],
        ['Metas', 'Bienestar', 'Debe escoger al menos una meta'],
      ] as const) {
        const box = within(screen.getByRole('group', { name: legend })).getByRole('checkbox', { name: option });
        await user.click(box);
        expect(groupMessage(legend)).toBeNull();
        await user.click(box);
        expect(groupMessage(legend)).toBe(message);
      }
    });

    test('when an image of another type is chosen, then the image message shows', async () => {
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      const input = field('Imagen');
      await user.upload(input, new File(['GIF89a'], 'clase.gif', { type: 'image/gif' }));
      expect(screen.getByText('La imagen debe ser jpg, jpeg o png')).toBeInTheDocument();
      await user.upload(input, png());
      expect(screen.queryByText('La imagen debe ser jpg, jpeg o png')).not.toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveAttribute(
        'src',
        'blob:preview',
      );
    });

    test('when every field is filled, then Crear clase enables; the confirm leads to the success dialog and the list grows', async () => {
      const created = { ...YOGA, id: 'new', name: 'Spinning', isAvailable: true };
      vi.mocked(createLesson).mockResolvedValue({ message: 'Clase creada exitosamente!', lesson: created });
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      const submit = screen.getByRole('button', { name: 'Crear clase' });
      expect(submit).toBeDisabled();
      await fillValid(user);
      expect(submit).toBeEnabled();

      await user.click(submit);
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent('¿Estás seguro de que quieres crear la clase?');
      expect(within(confirm).getByRole('link', { name: 'Volver a Clases' })).toBeInTheDocument();
      // Volver cancels without sending.
      await user.click(within(confirm).getByRole('button', { name: 'Volver' }));
      expect(createLesson).not.toHaveBeenCalled();

      await user.click(submit);
      await user.click(screen.getByRole('button', { name: 'Confirmar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Clase creada exitosamente!');
      expect(createLesson).toHaveBeenCalledWith(
        {
          name: 'Spinning',
          shortDescription: 'Ciclismo indoor',
          description: 'Pedalea al ritmo de la música.',
          effort: '4',
          // 'Cupo' keeps its default when not typed.
          capacity: '20',
          types: ['Cardio'],
          goals: ['Bienestar'],
          scheduleDays: ['Lunes'],
          scheduleHourStart: '10:00',
          scheduleHourFinish: '11:00',
          isAvailable: true,
          monitorId: 'm1',
          officeId: 'o1',
        },
        expect.objectContaining({ name: 'clase.png' }),
      );
      expect(useLessonsDashboardStore.getState().items.map((l) => l.name)).toEqual([
        'Boxeo',
        'Spinning',
        'Yoga',
        'Zumba',
      ]);
      await user.click(within(result).getByRole('link', { name: 'Volver a Clases' }));
      expect(screen.getByRole('heading', { name: 'Lista de clases' })).toBeInTheDocument();
    });

    test('when the class is created, then behind the result the form does not count it as a clash of its own trainer', async () => {
      // The server answers with the class as saved: Carlos Ruiz, Mondays 10:00-11:00, available.
      const created = {
        ...YOGA,
        id: 'new',
        name: 'Spinning',
        isAvailable: true,
        monitor: 'Carlos Ruiz',
        branchoffice: 'Sede Centro',
        scheduleDays: ['Lunes'],
        scheduleHourStart: '10:00',
        scheduleHourFinish: '11:00',
      };
      vi.mocked(createLesson).mockResolvedValue({ message: 'Clase creada exitosamente!', lesson: created });
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      await fillValid(user);
      expect(await pressAndConfirm(user, 'Crear clase')).toHaveTextContent('Clase creada exitosamente!');
      expect(useLessonsDashboardStore.getState().items.map((l) => l.id)).toContain('new');
      expect(messageOf(field('Profesor'))).toBeNull();
      expect(screen.queryByText(/El profesor ya da la clase/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Crear clase', hidden: true })).toBeEnabled();
    });

    test('when the server refuses the class, then La clase no pudo ser creada shows with its reason and the form stays', async () => {
      vi.mocked(createLesson).mockRejectedValue(
        apiError(409, { code: 'CONFLICT', message: 'Ya existe una clase con ese nombre' }),
      );
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      await fillValid(user);
      const result = await pressAndConfirm(user, 'Crear clase');
      expect(result).toHaveTextContent('La clase no pudo ser creada. Ya existe una clase con ese nombre');
      await user.click(within(result).getByRole('button', { name: 'Aceptar' }));
      expect(field('Nombre')).toHaveValue('Spinning');
      expect(useLessonsDashboardStore.getState().items).toHaveLength(3);
    });

    test('when the server sends field messages, then they show under their fields too', async () => {
      vi.mocked(createLesson).mockRejectedValue(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Hay datos inválidos en la solicitud',
          details: [{ field: 'monitor', message: 'El profesor no existe' }],
        }),
      );
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      await fillValid(user);
      const result = await pressAndConfirm(user, 'Crear clase');
      expect(result).toHaveTextContent(
        'La clase no pudo ser creada. Hay datos inválidos en la solicitud: El profesor no existe',
      );
      await user.click(within(result).getByRole('button', { name: 'Aceptar' }));
      expect(messageOf(field('Profesor'))).toBe('El profesor no existe');
      expect(screen.getByRole('button', { name: 'Crear clase' })).toBeDisabled();
      await user.selectOptions(field('Profesor'), 'Lucía Fernández');
      expect(screen.getByRole('button', { name: 'Crear clase' })).toBeEnabled();
    });
  });

  describe('schedule rules before sending (issue 18)', () => {
    test("when the class falls outside its sede's days and hours, then the server's messages show and Crear clase waits", async () => {
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      await fillValid(user);
      const submit = screen.getByRole('button', { name: 'Crear clase' });
      expect(submit).toBeEnabled();

      await user.selectOptions(field('Sede'), 'Sede Norte');
      await user.click(screen.getByRole('checkbox', { name: 'Domingo' }));
      expect(groupMessage('Días de la semana')).toBe(
        MESSAGES.schedule.branchClosed(
          'Sede Norte',
          ['Domingo'],
          ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
        ),
      );
      await user.selectOptions(field('Hora de inicio'), '6:00');
      await user.selectOptions(field('Hora de fin'), '7:00');
      expect(messageOf(field('Hora de inicio'))).toBe(
        'Sede Norte atiende de 7:00 a 22:00: la clase debe empezar dentro de ese horario',
      );
      expect(submit).toBeDisabled();

      await user.click(screen.getByRole('checkbox', { name: 'Domingo' }));
      await user.selectOptions(field('Hora de inicio'), '21:30');
      await user.selectOptions(field('Hora de fin'), '22:30');
      expect(messageOf(field('Hora de inicio'))).toBeNull();
      expect(messageOf(field('Hora de fin'))).toBe(
        'Sede Norte atiende de 7:00 a 22:00: la clase debe terminar dentro de ese horario',
      );
      await user.selectOptions(field('Hora de fin'), '22:00');
      expect(messageOf(field('Hora de fin'))).toBeNull();
      expect(submit).toBeEnabled();
    });

    test('when the trainer already teaches an available class then, then it is named under Profesor', async () => {
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      await fillValid(user);
      await user.selectOptions(field('Hora de inicio'), '9:30');
      await user.selectOptions(field('Hora de fin'), '10:30');
      // Boxeo and Zumba clash (Yoga too, but it is unavailable); the first by name is named.
      expect(messageOf(field('Profesor'))).toBe('El profesor ya da la clase Boxeo el Lunes de 9:00 a 10:00');
      expect(screen.getByRole('button', { name: 'Crear clase' })).toBeDisabled();
      // Every field is filled: the hint asks to fix the marked ones, not to fill them.
      expect(screen.getByRole('button', { name: 'Crear clase' })).toHaveAccessibleDescription(
        'Corrige los campos marcados para crear la clase.',
      );

      await user.selectOptions(field('Profesor'), 'Lucía Fernández');
      expect(messageOf(field('Profesor'))).toBeNull();
      await user.selectOptions(field('Profesor'), 'Carlos Ruiz');
      await user.selectOptions(field('Disponibilidad'), 'Inactiva');
      // An unavailable class is not held: neither rule applies to it.
      expect(messageOf(field('Profesor'))).toBeNull();
      expect(screen.getByRole('button', { name: 'Crear clase' })).toBeEnabled();
    });

    test('when an available class is edited, then it is not compared with itself', async () => {
      vi.mocked(getLessonById).mockResolvedValue({
        ...YOGA,
        id: 'l1',
        name: 'Boxeo',
        isAvailable: true,
        monitor: 'Carlos Ruiz',
        monitorId: 'm1',
        branchoffice: 'Sede Centro',
        officeId: 'o1',
        scheduleDays: ['Lunes'],
        scheduleHourStart: '9:00',
        scheduleHourFinish: '10:00',
      });
      const user = renderAt('/dashboard/clases/editar/l1');
      await screen.findByRole('heading', { name: 'EDITA UNA CLASE' });
      expect(messageOf(field('Profesor'))).toBe('El profesor ya da la clase Zumba el Lunes de 9:00 a 10:00');
      await user.click(screen.getByRole('checkbox', { name: 'Martes' }));
      await user.click(screen.getByRole('checkbox', { name: 'Lunes' }));
      expect(messageOf(field('Profesor'))).toBeNull();
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
    });

    test('when the server refuses the schedule, then its message shows until a schedule field changes', async () => {
      const busy = 'El profesor ya da la clase Funcional el Lunes de 10:00 a 11:00';
      vi.mocked(createLesson).mockRejectedValue(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: busy,
          details: [{ field: 'monitor', message: busy }],
        }),
      );
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      await fillValid(user);
      const result = await pressAndConfirm(user, 'Crear clase');
      // The server's message is its first field message: said once.
      expect(within(result).getByText(`La clase no pudo ser creada. ${busy}`, { exact: true })).toBeInTheDocument();
      await user.click(within(result).getByRole('button', { name: 'Aceptar' }));
      expect(messageOf(field('Profesor'))).toBe(busy);
      await user.selectOptions(field('Hora de fin'), '10:30');
      expect(messageOf(field('Profesor'))).toBeNull();
      expect(screen.getByRole('button', { name: 'Crear clase' })).toBeEnabled();
    });
  });

  describe('trainers with the same full name (issue 19)', () => {
    const ANAS = [
      { id: 'a1', fullName: 'Ana Ruiz', email: 'ana.uno@pulso.demo', lessonDetails: [] },
      { id: 'a2', fullName: 'Ana Ruiz', email: 'ana.dos@pulso.demo', lessonDetails: [] },
    ];

    test('when two trainers share a name, then the select tells them apart and the class goes to the chosen id', async () => {
      vi.mocked(getTrainers).mockResolvedValue([...TRAINERS, ...ANAS]);
      // The first Ana teaches Zumba on Mondays 9:00-10:00 at the same sede.
      const lessons = LESSONS.map((l) => (l.id === 'l3' ? { ...l, monitor: 'Ana Ruiz', monitorId: 'a1' } : l));
      vi.mocked(getAllLessons).mockResolvedValue(lessons);
      vi.mocked(createLesson).mockResolvedValue({
        message: 'Clase creada exitosamente!',
        lesson: { ...YOGA, id: 'l9', name: 'Spinning', monitor: 'Ana Ruiz', monitorId: 'a2' },
      });
      const user = renderAt('/dashboard/clases/crear');
      await screen.findByRole('heading', { name: 'CREA UNA CLASE' });
      const trainer = field('Profesor') as HTMLSelectElement;
      expect([...trainer.options].map((o) => o.text)).toEqual([
        'Seleccione',
        'Carlos Ruiz',
        'Lucía Fernández',
        'Ana Ruiz (ana.uno@pulso.demo)',
        'Ana Ruiz (ana.dos@pulso.demo)',
      ]);
      await fillValid(user);
      await user.selectOptions(field('Hora de inicio'), '9:00');
      await user.selectOptions(field('Hora de fin'), '10:00');
      await user.selectOptions(trainer, 'Ana Ruiz (ana.uno@pulso.demo)');
      expect(messageOf(trainer)).toBe('El profesor ya da la clase Zumba el Lunes de 9:00 a 10:00');
      // Her namesake is free then: the rule compares trainers by id, not by name.
      await user.selectOptions(trainer, 'Ana Ruiz (ana.dos@pulso.demo)');
      expect(messageOf(trainer)).toBeNull();
      await pressAndConfirm(user, 'Crear clase');
      expect(createLesson).toHaveBeenCalledWith(
        expect.objectContaining({ monitorId: 'a2', officeId: 'o1' }),
        expect.objectContaining({ name: 'clase.png' }),
      );
      expect(vi.mocked(createLesson).mock.calls[0]?.[0]).not.toHaveProperty('monitor');
    });
  });

  describe('edit', () => {
    test('when the class loads, then EDITA UNA CLASE shows its name, trainer and values', async () => {
      renderAt('/dashboard/clases/editar/l2');
      expect(screen.getByRole('status')).toHaveTextContent('Cargando');
      await screen.findByRole('heading', { name: 'EDITA UNA CLASE' });
      expect(getLessonById).toHaveBeenCalledWith('l2');
      expect(screen.getByText('Profesor: Lucía Fernández')).toBeInTheDocument();
      expect(field('Nombre')).toHaveValue('Yoga');
      expect(field('Disponibilidad')).toHaveValue('Inactiva');
      expect(field('Profesor')).toHaveDisplayValue('Lucía Fernández');
      expect(field('Profesor')).toHaveValue('m2');
      expect(field('Sede')).toHaveDisplayValue('Sede Norte');
      expect(field('Sede')).toHaveValue('o2');
      expect(field('Hora de inicio')).toHaveValue('18:00');
      expect(field('Hora de fin')).toHaveValue('19:30');
      expect(screen.getByRole('checkbox', { name: 'Martes' })).toBeChecked();
      expect(screen.getByRole('img', { name: 'Imagen actual' })).toHaveAttribute('src', YOGA.image);
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
    });

    test('when a field has an error, then Guardar cambios is disabled until it is fixed', async () => {
      const user = await openYogaEdit();
      const save = screen.getByRole('button', { name: 'Guardar cambios' });
      await user.clear(field('Nombre'));
      expect(messageOf(field('Nombre'))).toBe('El nombre es requerido');
      expect(save).toBeDisabled();
      await user.type(field('Nombre'), 'Yoga');
      expect(save).toBeEnabled();
      await user.click(screen.getByRole('checkbox', { name: 'Martes' }));
      await user.click(screen.getByRole('checkbox', { name: 'Jueves' }));
      expect(save).toBeDisabled();
    });

    test('when saved and confirmed, then Clase modificada con éxito shows and the list follows', async () => {
      vi.mocked(updateLesson).mockResolvedValue({
        message: 'Clase modificada con éxito',
        lesson: { ...YOGA, name: 'Yogaflow', isAvailable: true },
      });
      const user = await openYogaEdit();
      await user.clear(field('Nombre'));
      await user.type(field('Nombre'), 'Yogaflow');
      await user.selectOptions(field('Disponibilidad'), 'Activa');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent('¿Estás seguro de que quieres modificar la clase?');
      await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Clase modificada con éxito');
      expect(within(result).getByRole('link', { name: 'Volver a Clases' })).toBeInTheDocument();
      expect(updateLesson).toHaveBeenCalledWith(
        'l2',
        expect.objectContaining({ name: 'Yogaflow', isAvailable: true, monitorId: 'm2', officeId: 'o2' }),
        null,
      );
      const yoga = useLessonsDashboardStore.getState().items.find((l) => l.id === 'l2');
      expect(yoga).toMatchObject({ name: 'Yogaflow', isAvailable: true });
    });

    test('when the update fails, then La clase no pudo ser editada shows with the reason', async () => {
      vi.mocked(updateLesson).mockRejectedValue(
        apiError(409, { code: 'CONFLICT', message: 'Ya existe una clase con ese nombre' }),
      );
      const user = await openYogaEdit();
      const result = await pressAndConfirm(user, 'Guardar cambios');
      expect(result).toHaveTextContent('La clase no pudo ser editada. Ya existe una clase con ese nombre');
    });

    test('when Eliminar clase is confirmed, then Clase eliminada correctamente shows and the class leaves the list', async () => {
      vi.mocked(deleteLesson).mockResolvedValue('Clase eliminada correctamente');
      const user = await openYogaEdit();
      await user.click(screen.getByRole('button', { name: 'Eliminar clase' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent('¿Estás seguro de que quieres eliminar la clase?');
      await user.click(within(confirm).getByRole('button', { name: 'Volver' }));
      expect(deleteLesson).not.toHaveBeenCalled();

      const result = await pressAndConfirm(user, 'Eliminar clase');
      expect(result).toHaveTextContent('Clase eliminada correctamente');
      expect(deleteLesson).toHaveBeenCalledWith('l2');
      expect(useLessonsDashboardStore.getState().items.map((l) => l.id)).toEqual(['l1', 'l3']);
      await user.keyboard('{Escape}');
      expect(screen.getByRole('heading', { name: 'Lista de clases' })).toBeInTheDocument();
    });

    test('when the delete fails, then the server answer shows as it is', async () => {
      vi.mocked(deleteLesson).mockRejectedValue(
        apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la clase' }),
      );
      const user = await openYogaEdit();
      const result = await pressAndConfirm(user, 'Eliminar clase');
      expect(within(result).getByText('No se encontró la clase')).toBeInTheDocument();
      expect(useLessonsDashboardStore.getState().items).toHaveLength(3);
    });

    test('when the class cannot be loaded, then the server message shows with a way back', async () => {
      vi.mocked(getLessonById).mockRejectedValue(
        apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la clase' }),
      );
      renderAt('/dashboard/clases/editar/zz');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No se pudo cargar la clase. No se encontró la clase');
      expect(within(alert).getByRole('link', { name: 'Volver a Clases' })).toBeInTheDocument();
    });
  });
});

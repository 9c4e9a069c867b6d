import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { addLessonToSchedule, createReview, getLesson } from '../api/lessons';
import { LessonDetail, type LessonViewer } from '../components/lesson-detail';
import { useLessonsStore } from '../store';
import { YOGA } from './fixtures';

vi.mock('../api/lessons', () => ({
  getLessons: vi.fn(),
  getLesson: vi.fn(),
  createReview: vi.fn(),
  addLessonToSchedule: vi.fn(),
}));

const VISITOR: LessonViewer = { userId: null, isMember: false, membershipKnown: false };
const MEMBER: LessonViewer = { userId: 'u9', isMember: true, membershipKnown: true };
const NON_MEMBER: LessonViewer = { userId: 'u8', isMember: false, membershipKnown: true };

function apiError(status: number, body: Record<string, unknown>) {
  const headers = new AxiosHeaders();
  return new AxiosError('fail', 'ERR', { headers }, null, {
    status,
    statusText: '',
    headers: {},
    config: { headers },
    data: body,
  });
}

function renderDetail(viewer: LessonViewer, onLessonAdded = vi.fn()) {
  render(
    <MemoryRouter>
      <LessonDetail name="Yoga" viewer={viewer} onLessonAdded={onLessonAdded} />
    </MemoryRouter>,
  );
  return { onLessonAdded };
}

describe('LessonDetail', () => {
  beforeEach(() => {
    useLessonsStore.setState(useLessonsStore.getInitialState(), true);
    vi.mocked(getLesson).mockReset().mockResolvedValue(YOGA);
    vi.mocked(createReview).mockReset();
    vi.mocked(addLessonToSchedule).mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('when the class is loading, then Cargando datos is announced', () => {
    vi.mocked(getLesson).mockReturnValue(new Promise(() => undefined));
    renderDetail(VISITOR);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando datos');
  });

  test('when the class loads, then every fact, the average and the reviews show', async () => {
    renderDetail(VISITOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoga' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Calificación promedio: 4,5 de 5 (2 reseñas)' })).toBeInTheDocument();
    expect(screen.getByText('Lunes, Miércoles')).toBeInTheDocument();
    expect(screen.getByText('9:00 a 10:00')).toBeInTheDocument();
    expect(screen.getByText('Sede Norte')).toBeInTheDocument();
    expect(screen.getByText('Lucía Fernández')).toBeInTheDocument();
    expect(screen.getByText('Bienestar')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Intensidad 2 de 5' })).toBeInTheDocument();
    expect(screen.getByText('Secuencias de posturas para ganar flexibilidad.')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reseñas' });
    expect(within(reviews).getByText('Sofía Martínez')).toBeInTheDocument();
    expect(within(reviews).getByText('Muy relajante')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: '5 de 5 estrellas' })).toBeInTheDocument();
  });

  test('when a visitor looks, then there is no rating form and no Añadir clase, only a way to log in', async () => {
    renderDetail(VISITOR);
    await screen.findByRole('heading', { level: 1, name: 'Yoga' });
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Añadir clase' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
  });

  test('when a visitor follows Ingresar under the reviews, then login will bring them back to this class', async () => {
    render(
      <MemoryRouter initialEntries={['/clases/Yoga']}>
        <LessonDetail name="Yoga" viewer={VISITOR} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toHaveAttribute(
      'href',
      `/login?volver=${encodeURIComponent('/clases/Yoga')}`,
    );
  });

  test('when the class does not exist, then a clear not-found state shows', async () => {
    vi.mocked(getLesson).mockRejectedValue(apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la clase' }));
    renderDetail(VISITOR);
    expect(await screen.findByRole('heading', { name: 'No se encontró la clase' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas las clases' })).toHaveAttribute('href', '/clases');
  });

  test('when a member sends no stars, then the form asks for them and sends nothing', async () => {
    renderDetail(MEMBER);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes elegir de 1 a 5 estrellas');
    expect(createReview).not.toHaveBeenCalled();
  });

  test('when a member rates the class, then Review Creada shows and the class reloads after 2 s', async () => {
    vi.mocked(createReview).mockResolvedValue('Review Creada');
    renderDetail(MEMBER);
    const form = await screen.findByRole('form', { name: 'Califica esta clase' });
    const stars = within(form).getByRole('radiogroup', { name: 'Tu calificación' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(stars).getByRole('radio', { name: '4 estrellas' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Descripción' }), '  Muy buena  ');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(createReview).toHaveBeenCalledWith({ stars: 4, description: 'Muy buena', userId: 'u9', lessonId: YOGA.id });
    const dialog = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(dialog).toHaveTextContent('Review Creada');
    expect(getLesson).toHaveBeenCalledTimes(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(getLesson).toHaveBeenCalledTimes(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The quiet reload keeps the page on screen.
    expect(screen.getByRole('heading', { level: 1, name: 'Yoga' })).toBeInTheDocument();
  });

  test('when a signed-in non-member looks, then the form says a membership is needed before anything is typed', async () => {
    renderDetail(NON_MEMBER);
    const form = await screen.findByRole('form', { name: 'Califica esta clase' });
    expect(form).toHaveAccessibleDescription('Solo los socios con una membresía activa pueden calificar clases.');
    for (const star of within(form).getAllByRole('radio')) expect(star).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Descripción' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Añadir clase' })).not.toBeInTheDocument();
    expect(createReview).not.toHaveBeenCalled();
  });

  test('when the server refuses a user whose membership could not be read, then the failure and its reason show in Resultado', async () => {
    vi.mocked(createReview).mockRejectedValue(
      apiError(403, { code: 'FORBIDDEN', message: 'Necesitas una membresía activa para esta acción' }),
    );
    renderDetail({ ...NON_MEMBER, membershipKnown: false });
    await screen.findByRole('form', { name: 'Califica esta clase' });
    expect(screen.queryByText('Solo los socios con una membresía activa pueden calificar clases.')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: '5 estrellas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(dialog).toHaveTextContent('No se pudo crear la review. Necesitas una membresía activa para esta acción');
  });

  test('when a member adds the class, then the server text shows in Resultado and the session refreshes', async () => {
    vi.mocked(addLessonToSchedule).mockResolvedValue('Clase añadida con éxito');
    const { onLessonAdded } = renderDetail(MEMBER);
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir clase' }));
    expect(addLessonToSchedule).toHaveBeenCalledWith(YOGA.id, 'u9');
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent('Clase añadida con éxito');
    expect(onLessonAdded).toHaveBeenCalled();
  });

  test("when the class is already in the member's schedule, then it says so instead of offering Añadir clase", async () => {
    renderDetail({ ...MEMBER, scheduledLessonIds: ['f'.repeat(24), YOGA.id] });
    expect(await screen.findByText('Ya está en tu horario')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Añadir clase' })).not.toBeInTheDocument();
  });

  test('when the member has other classes in their schedule, then Añadir clase is offered', async () => {
    renderDetail({ ...MEMBER, scheduledLessonIds: ['f'.repeat(24)] });
    expect(await screen.findByRole('button', { name: 'Añadir clase' })).toBeInTheDocument();
    expect(screen.queryByText('Ya está en tu horario')).toBeNull();
  });

  test("when the member's schedule was not known and the server says the class is held, then El usuario ya tiene esa clase shows", async () => {
    vi.mocked(addLessonToSchedule).mockRejectedValue(
      apiError(409, {
        code: 'CONFLICT',
        message: 'El usuario ya tiene esa clase',
        error: 'El usuario ya tiene esa clase',
      }),
    );
    const { onLessonAdded } = renderDetail(MEMBER);
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir clase' }));
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent(
      'El usuario ya tiene esa clase',
    );
    expect(onLessonAdded).not.toHaveBeenCalled();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getNextSessions } from '../../bookings/api/bookings';
import { useBookingsStore } from '../../bookings/store';
import { getLessons } from '../api/lessons';
import { LessonList } from '../components/lesson-list';
import { useLessonsStore } from '../store';
import { LESSONS } from './fixtures';

vi.mock('../api/lessons', () => ({
  getLessons: vi.fn(),
  getLesson: vi.fn(),
  createReview: vi.fn(),
  addLessonToSchedule: vi.fn(),
}));

vi.mock('../../bookings/api/bookings', () => ({ getNextSessions: vi.fn() }));

/** Boxeo's next session has 3 places left; Yoga's is full with 2 waiting; Zumba's was cancelled. */
const next = (lessonId: string, fields: Record<string, unknown>) => ({
  lessonId,
  id: `${lessonId}:2030-01-07`,
  date: '2030-01-07',
  start: '2030-01-07T18:00',
  end: '2030-01-07T19:00',
  capacity: 20,
  seatsLeft: 20,
  waiting: 0,
  cancelled: false,
  ...fields,
});
const NEXT = [
  next('b'.repeat(24), { seatsLeft: 3 }),
  next('a'.repeat(24), { seatsLeft: 0, waiting: 2 }),
  next('c'.repeat(24), { seatsLeft: 0, cancelled: true }),
];

const TYPES = ['Cardio', 'Flexibilidad', 'Potencia', 'Relajación'];

function renderList(typesStatus: 'succeeded' | 'loading' | 'failed' = 'succeeded') {
  const onRetryTypes = vi.fn();
  render(
    <MemoryRouter>
      <LessonList types={TYPES} typesStatus={typesStatus} typesError="caído" onRetryTypes={onRetryTypes} />
    </MemoryRouter>,
  );
  return { onRetryTypes };
}

const cardNames = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('LessonList and its filter bar', () => {
  beforeEach(() => {
    useLessonsStore.setState(useLessonsStore.getInitialState(), true);
    vi.mocked(getLessons).mockReset().mockResolvedValue(LESSONS);
    useBookingsStore.setState(useBookingsStore.getInitialState(), true);
    vi.mocked(getNextSessions).mockReset().mockResolvedValue(NEXT);
  });

  test("when the classes and their next sessions load, then each card shows the next session's day, hour and places", async () => {
    renderList();
    const boxeo = await screen.findByRole('article', { name: 'Boxeo' });
    expect(await within(boxeo).findByText('Próxima sesión: Lunes 7, 18:00')).toBeInTheDocument();
    expect(within(boxeo).getByText('Quedan 3 lugares')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Yoga' })).getByText('Clase llena · 2 en espera'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Zumba' })).getByText('Sesión cancelada')).toBeInTheDocument();
  });

  test('when the next sessions fail to load, then the list still shows, with a message and Intenta de nuevo', async () => {
    vi.mocked(getNextSessions).mockReset().mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(NEXT);
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los lugares libres de las clases.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByText('Quedan 3 lugares')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('when the classes are loading, then a loading state is announced', () => {
    vi.mocked(getLessons).mockReturnValue(new Promise(() => undefined));
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando clases...');
  });

  test('when the classes load, then each card shows its facts and Más info to /clases/{name}, A-Z', async () => {
    renderList();
    const boxeo = await screen.findByRole('article', { name: 'Boxeo' });
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
    expect(within(boxeo).getByText('Golpes y guardia')).toBeInTheDocument();
    expect(within(boxeo).getByRole('list', { name: 'Tipos de ejercicio' })).toHaveTextContent('CardioPotencia');
    expect(within(boxeo).getByRole('img', { name: 'Intensidad 4 de 5' })).toBeInTheDocument();
    expect(within(boxeo).getByRole('link', { name: 'Más info: Boxeo' })).toHaveAttribute('href', '/clases/Boxeo');
    expect(screen.getByRole('article', { name: 'Yoga' })).toHaveClass('lesson-card--reverse');
  });

  test('when Alfabeto is pressed, then the order flips to Z-A and back', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.click(screen.getByRole('button', { name: 'Alfabeto: A-Z' }));
    expect(cardNames()).toEqual(['Zumba', 'Yoga', 'Boxeo']);
    await userEvent.click(screen.getByRole('button', { name: 'Alfabeto: Z-A' }));
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
  });

  test('when sorting by intensity and the unpressed Alfabeto is pressed, then the list is in the order its label names', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Por intensidad' }), 'Más difícil primero');
    const alpha = screen.getByRole('button', { name: 'Alfabeto: A-Z' });
    expect(alpha).toHaveAttribute('aria-pressed', 'false');
    expect(alpha).toHaveTextContent('Alfabeto A-Z');
    await userEvent.click(alpha);
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
    expect(screen.getByRole('button', { name: 'Alfabeto: A-Z' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Por intensidad' })).toHaveValue('none');
    // Pressed, it flips the order, and the label follows.
    await userEvent.click(screen.getByRole('button', { name: 'Alfabeto: A-Z' }));
    expect(cardNames()).toEqual(['Zumba', 'Yoga', 'Boxeo']);
    expect(screen.getByRole('button', { name: 'Alfabeto: Z-A' })).toHaveTextContent('Alfabeto Z-A');
  });

  test('when sorting by hardest first, then the cards follow effort', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Por intensidad' }), 'Más difícil primero');
    expect(cardNames()).toEqual(['Boxeo', 'Zumba', 'Yoga']);
  });

  test('when a type and intensities are chosen, then nothing changes until filtrar applies them', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cardio' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nivel 3' }));
    expect(cardNames()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'filtrar' }));
    expect(cardNames()).toEqual(['Zumba']);
  });

  test('when Borrar of a group is pressed, then that group is cleared and the list follows', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cardio' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nivel 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'filtrar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Borrar intensidad' }));
    expect(screen.getByRole('checkbox', { name: 'Nivel 3' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cardio' })).toBeChecked();
    expect(cardNames()).toEqual(['Boxeo', 'Zumba']);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar tipos de ejercicio' }));
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
  });

  test('when a filter leaves nothing, then the no-results message shows and Intenta de nuevo resets and reloads', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Relajación' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nivel 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'filtrar' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se encontraron clases de tipo de ejercicio Relajación y de intensidad 5');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Zumba' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Relajación' })).not.toBeChecked();
    expect(getLessons).toHaveBeenCalledTimes(2);
  });

  test('when the trash icon is pressed, then every filter and the order go back to the defaults', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.click(screen.getByRole('button', { name: 'Alfabeto: A-Z' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cardio' }));
    await userEvent.click(screen.getByRole('button', { name: 'filtrar' }));
    expect(cardNames()).toEqual(['Zumba', 'Boxeo']);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar todos los filtros' }));
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
    expect(screen.getByRole('checkbox', { name: 'Cardio' })).not.toBeChecked();
  });

  test('when the filter bar is folded on phones, then its toggle says so and opens it', async () => {
    renderList();
    const toggle = screen.getByRole('button', { name: 'Mostrar filtros' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar filtros' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('when filtrar is pressed in the opened phone panel, then the panel folds and focus returns to its toggle', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar filtros' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cardio' }));
    await userEvent.click(screen.getByRole('button', { name: 'filtrar' }));
    const toggle = screen.getByRole('button', { name: /Mostrar filtros/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(cardNames()).toEqual(['Boxeo', 'Zumba']);
  });

  test('when loading fails, then the error shows with Intenta de nuevo that loads again', async () => {
    vi.mocked(getLessons).mockReset().mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(LESSONS);
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las clases. caído');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Yoga' })).toBeInTheDocument();
  });

  test('when the exercise types fail to load, then the bar says so and offers to retry', async () => {
    const { onRetryTypes } = renderList('failed');
    await screen.findByRole('article', { name: 'Boxeo' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los tipos de ejercicio. caído');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(onRetryTypes).toHaveBeenCalled();
  });
});

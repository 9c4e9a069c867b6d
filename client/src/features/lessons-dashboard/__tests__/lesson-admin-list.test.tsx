import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getAllLessons } from '../api/lessons-dashboard';
import { LessonAdminList } from '../components/lesson-admin-list';
import { useLessonsDashboardStore } from '../store';
import { apiError, LESSONS, TYPES } from './fixtures';

vi.mock('../api/lessons-dashboard');

const renderList = () =>
  render(
    <MemoryRouter>
      <LessonAdminList types={TYPES} />
    </MemoryRouter>,
  );

const cardNames = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('LessonAdminList (/dashboard/clases)', () => {
  beforeEach(() => {
    useLessonsDashboardStore.setState(useLessonsDashboardStore.getInitialState(), true);
    vi.mocked(getAllLessons).mockReset().mockResolvedValue(LESSONS);
  });

  test('when the classes are loading, then a loading state is announced', () => {
    vi.mocked(getAllLessons).mockReturnValue(new Promise(() => undefined));
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando clases...');
  });

  test('when the classes load, then each card shows image, name, Activa/Inactiva, short text, types and an edit link', async () => {
    renderList();
    const boxeo = await screen.findByRole('article', { name: 'Boxeo' });
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
    expect(within(boxeo).getByRole('img', { name: 'Clase de Boxeo' })).toHaveAttribute('src', LESSONS[0]?.image);
    expect(within(boxeo).getByText('Activa')).toBeInTheDocument();
    expect(within(boxeo).getByText('Golpes y guardia')).toBeInTheDocument();
    expect(within(boxeo).getByRole('list', { name: 'Tipos de ejercicio' })).toHaveTextContent('CardioPotencia');
    expect(within(boxeo).getByRole('link', { name: 'Editar Boxeo' })).toHaveAttribute(
      'href',
      '/dashboard/clases/editar/l1',
    );
    const yoga = screen.getByRole('article', { name: 'Yoga' });
    expect(within(yoga).getByText('Inactiva')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear clase' })).toHaveAttribute('href', '/dashboard/clases/crear');
  });

  test('when a type is chosen, then only the classes of that type stay, and Todos los tipos brings them back', async () => {
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    const filter = screen.getByRole('combobox', { name: 'Filtrar por tipo' });
    await userEvent.selectOptions(filter, 'Cardio');
    expect(cardNames()).toEqual(['Boxeo', 'Zumba']);
    expect(screen.getByRole('status')).toHaveTextContent('2 clases');
    await userEvent.selectOptions(filter, 'Flexibilidad');
    expect(cardNames()).toEqual(['Yoga']);
    await userEvent.selectOptions(filter, 'Todos los tipos');
    expect(cardNames()).toEqual(['Boxeo', 'Yoga', 'Zumba']);
  });

  test('when no class has the chosen type, then the list says so', async () => {
    vi.mocked(getAllLessons).mockResolvedValue(LESSONS.slice(0, 1));
    renderList();
    await screen.findByRole('article', { name: 'Boxeo' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por tipo' }), 'Flexibilidad');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No hay clases del tipo Flexibilidad.')).toBeInTheDocument();
  });

  test('when the list fails, then the server message shows with a retry that loads it again', async () => {
    vi.mocked(getAllLessons).mockRejectedValueOnce(
      apiError(503, { code: 'DATABASE_UNAVAILABLE', message: 'La base de datos no está disponible' }),
    );
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las clases. La base de datos no está disponible');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Zumba' })).toBeInTheDocument();
    expect(getAllLessons).toHaveBeenCalledTimes(2);
  });
});

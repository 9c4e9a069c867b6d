import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getLesson, getLessons } from '../../../features/lessons/api/lessons';
import { LessonList } from '../../../features/lessons/components/lesson-list';
import { useLessonsStore } from '../../../features/lessons/store';
import { LESSONS, YOGA } from '../../../features/lessons/__tests__/fixtures';
import { LessonDetailRoute } from '../lesson-detail';

vi.mock('../../../features/lessons/api/lessons', () => ({
  getLessons: vi.fn(),
  getLesson: vi.fn(),
  createReview: vi.fn(),
  addLessonToSchedule: vi.fn(),
}));

const NAMES = ['Yoga Prenatal', 'Aeróbicos'];

function Where() {
  return <output aria-label="ruta">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/clases"
          element={<LessonList types={[]} typesStatus="succeeded" typesError={null} onRetryTypes={() => undefined} />}
        />
        <Route path="/clases/:name" element={<LessonDetailRoute />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('/clases/{name} with a space or an accent in the name (issue 18)', () => {
  beforeEach(() => {
    useLessonsStore.setState(useLessonsStore.getInitialState(), true);
    vi.mocked(getLessons)
      .mockReset()
      .mockResolvedValue(
        LESSONS.slice(0, NAMES.length).map((lesson, i) => ({
          ...lesson,
          id: String(i).repeat(24),
          name: NAMES[i] ?? '',
        })),
      );
    vi.mocked(getLesson)
      .mockReset()
      .mockImplementation(async (name) => ({ ...YOGA, name }));
  });

  test.each(NAMES)(
    'when Más info of %j is followed, then its page is addressed by the encoded name and shows it',
    async (name) => {
      renderAt('/clases');
      await userEvent.click(await screen.findByRole('link', { name: `Más info: ${name}` }));
      expect(screen.getByRole('status', { name: 'ruta' })).toHaveTextContent(`/clases/${encodeURIComponent(name)}`);
      expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
      expect(getLesson).toHaveBeenCalledWith(name);
    },
  );

  test('when the address is typed with %20, then the name is decoded once', async () => {
    renderAt('/clases/Yoga%20Prenatal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoga Prenatal' })).toBeInTheDocument();
    expect(getLesson).toHaveBeenCalledWith('Yoga Prenatal');
  });
});

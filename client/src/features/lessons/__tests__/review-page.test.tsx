import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createReview, getLessons } from '../api/lessons';
import { ReviewPage } from '../components/review-page';
import { useLessonsStore } from '../store';
import { LESSONS } from './fixtures';

vi.mock('../api/lessons', () => ({
  getLessons: vi.fn(),
  getLesson: vi.fn(),
  createReview: vi.fn(),
  addLessonToSchedule: vi.fn(),
}));

describe('ReviewPage (/review)', () => {
  beforeEach(() => {
    useLessonsStore.setState(useLessonsStore.getInitialState(), true);
    vi.mocked(getLessons).mockReset().mockResolvedValue(LESSONS);
    vi.mocked(createReview).mockReset();
  });

  test('when a visitor opens it, then it explains where reviews are left and links to /clases and /login', () => {
    render(
      <MemoryRouter>
        <ReviewPage viewer={{ userId: null, isMember: false, membershipKnown: false }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Califica una clase' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver clases' })).toHaveAttribute('href', '/clases');
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
    expect(getLessons).not.toHaveBeenCalled();
  });

  test('when a member picks a class and rates it, then the review is sent for that class', async () => {
    vi.mocked(createReview).mockResolvedValue('Review Creada');
    render(
      <MemoryRouter>
        <ReviewPage viewer={{ userId: 'u9', isMember: true, membershipKnown: true }} />
      </MemoryRouter>,
    );
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Clase' }), 'Zumba');
    expect(screen.getByRole('link', { name: 'Ver la clase' })).toHaveAttribute('href', '/clases/Zumba');
    await userEvent.click(screen.getByRole('radio', { name: '3 estrellas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(createReview).toHaveBeenCalledWith({ stars: 3, description: '', userId: 'u9', lessonId: 'c'.repeat(24) });
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent('Review Creada');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserDto } from '@pulso/shared';
import { getMember } from '../api/events';
import { CalendarHeader } from '../components/calendar-header';
import { useCalendarStore } from '../store';

vi.mock('../api/events', () => ({
  createEvent: vi.fn(),
  getEvents: vi.fn(),
  deleteEvent: vi.fn(),
  getMember: vi.fn(),
}));

const DETAIL = {
  fullName: 'Sofía Martínez',
  email: 'socio@pulso.demo',
  phone: '',
  isMonitor: false,
  isAdmin: false,
  staffRole: null,
  lessonDetails: [],
};
const MEMBER: UserDto = {
  ...DETAIL,
  id: 'u'.repeat(24),
  deletedAt: null,
  erasedAt: null,
  statusMembershipIdStatus: 'Inactivo',
  membresia: null,
  homeBranch: null,
  detalle: DETAIL,
  monitorLessons: [],
};

function renderHeader() {
  return render(
    <MemoryRouter>
      <CalendarHeader userId={MEMBER.id} gymName="Pulso" />
    </MemoryRouter>,
  );
}

describe('CalendarHeader', () => {
  beforeEach(() => {
    useCalendarStore.setState(useCalendarStore.getInitialState(), true);
    vi.mocked(getMember).mockReset();
  });

  test('shows the gym name, the Calendario badge, the name in upper case and a link back to the profile', async () => {
    vi.mocked(getMember).mockResolvedValue(MEMBER);
    renderHeader();
    const title = screen.getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Cargando...');
    expect(await screen.findByText('SOFÍA MARTÍNEZ')).toBeInTheDocument();
    expect(title).toHaveTextContent(/^Pulso\s*Calendario\s*SOFÍA MARTÍNEZ$/);
    expect(getMember).toHaveBeenCalledWith(MEMBER.id);
    expect(screen.getByRole('link', { name: /Volver al perfil/ })).toHaveAttribute('href', '/profile');
  });

  test('when the member fails to load, then it says so and retries on demand', async () => {
    vi.mocked(getMember).mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(MEMBER);
    renderHeader();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus datos. caído');
    await userEvent.click(screen.getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByText('SOFÍA MARTÍNEZ')).toBeInTheDocument();
  });
});

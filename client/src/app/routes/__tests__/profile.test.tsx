import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserDto } from '@pulso/shared';
import * as auth from '../../../features/auth/api/auth';
import { useAuthStore } from '../../../features/auth/store';
import { getMyWishes, getTeachingSessions } from '../../../features/bookings/api/bookings';
import { yogaSession } from '../../../features/bookings/__tests__/fixtures';
import { useTeachingStore } from '../../../features/bookings/trainer-store';
import { getCalendarFeed } from '../../../features/calendar/api/feed';
import { useCalendarFeedStore } from '../../../features/calendar/feed-store';
import { getMyPayments } from '../../../features/payments/api/payments';
import { getMySubscription } from '../../../features/subscriptions/api/subscriptions';
import { getPreferences, savePreferences } from '../../../features/preferences/api/preferences';
import { usePreferencesStore } from '../../../features/preferences/store';
import { formatDate } from '../../../lib/format';
import { sessionToken } from '../../../test/helpers';
import { ProfileRoute } from '../profile';

vi.mock('../../../features/auth/api/auth');
vi.mock('../../../features/payments/api/payments');
vi.mock('../../../features/bookings/api/bookings');
vi.mock('../../../features/calendar/api/feed');
vi.mock('../../../features/checkin/api/checkin');
vi.mock('../../../features/preferences/api/preferences');
vi.mock('../../../features/subscriptions/api/subscriptions');

const MEMBER: UserDto = {
  id: 'u1',
  fullName: 'Sofía Martínez',
  email: 'socio@pulso.demo',
  phone: '5510000002',
  isMonitor: false,
  isAdmin: false,
  staffRole: null,
  deletedAt: null,
  erasedAt: null,
  statusMembershipIdStatus: 'Inactivo',
  membresia: null,
  homeBranch: null,
  detalle: {
    fullName: 'Sofía Martínez',
    email: 'socio@pulso.demo',
    phone: '5510000002',
    isMonitor: false,
    isAdmin: false,
    staffRole: null,
    lessonDetails: [],
  },
  lessonDetails: [],
  monitorLessons: [],
};

const YOGA = {
  id: '0123456789abcdef01234567',
  name: 'Yoga',
  scheduleDays: ['Lunes'],
  scheduleHourStart: '18:00',
  scheduleHourFinish: '19:00',
};
const TRAINER: UserDto = { ...MEMBER, id: 't1', fullName: 'Carlos Ruiz', isMonitor: true, monitorLessons: [YOGA] };
const FEED = 'http://localhost/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';

async function openProfileAs(user: UserDto) {
  vi.mocked(auth.getUser).mockResolvedValue(user);
  await useAuthStore.getState().signIn(sessionToken(user.id));
  render(
    <MemoryRouter>
      <ProfileRoute />
    </MemoryRouter>,
  );
}

describe('/profile: a trainer’s sessions and the calendar feed', () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    useTeachingStore.setState(useTeachingStore.getInitialState(), true);
    useCalendarFeedStore.setState(useCalendarFeedStore.getInitialState(), true);
    vi.mocked(auth.getUser).mockReset();
    vi.mocked(getMyPayments).mockReset().mockResolvedValue([]);
    vi.mocked(getMySubscription).mockReset().mockResolvedValue(null);
    vi.mocked(getMyWishes).mockReset().mockResolvedValue([]);
    vi.mocked(getPreferences).mockReset().mockResolvedValue({ membershipReminders: true });
    usePreferencesStore.setState(usePreferencesStore.getInitialState(), true);
    vi.mocked(getTeachingSessions)
      .mockReset()
      .mockResolvedValue([
        { ...yogaSession({ taken: 3, seatsLeft: 17, capacity: 20 }), branch: 'Sede Centro', substituting: false },
      ]);
    vi.mocked(getCalendarFeed).mockReset().mockResolvedValue({ url: FEED, createdAt: '2030-01-01T10:00:00.000Z' });
  });

  test("when a trainer opens their profile, then 'Mis Clases' keeps their classes and adds their sessions of the next 7 days", async () => {
    await openProfileAs(TRAINER);
    const card = screen.getByRole('heading', { level: 2, name: 'Mis Clases' }).closest('article') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Yoga' })).toHaveAttribute('href', '/clases/Yoga');
    const session = await within(card).findByRole('listitem', { name: 'Lunes 7 de enero, 18:00 a 19:00' });
    expect(session).toHaveTextContent('Yoga · Sede Centro');
    expect(session).toHaveTextContent('Quedan 17 lugares');
    expect(within(session).getByRole('link', { name: 'Ver lista' })).toHaveAttribute(
      'href',
      '/profile/sesiones/0123456789abcdef01234567%3A2030-01-07',
    );
    expect(getTeachingSessions).toHaveBeenCalledWith(7);
    expect(await screen.findByText(/Incluye también las sesiones que das como profesor/)).toBeInTheDocument();
  });

  test("when a member opens their profile, then there is no 'Mis Clases' but their calendar feed is there", async () => {
    await openProfileAs(MEMBER);
    expect(screen.getByRole('heading', { level: 1, name: 'Sofía Martínez' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mis Clases' })).not.toBeInTheDocument();
    expect(getTeachingSessions).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 2, name: 'Calendario en tu móvil' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Enlace privado de tu calendario')).toHaveValue(FEED);
    expect(screen.getByRole('button', { name: 'Generar un enlace nuevo' })).toBeEnabled();
  });

  test('when a member has bought another plan while one runs, then the card shows the running plan and what follows it', async () => {
    const day = 86_400_000;
    const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
    const periods = [
      { planId: 'p1', name: 'Plus', start: iso(-20), end: iso(10) },
      { planId: 'p2', name: 'Premium', start: iso(10), end: iso(70) },
    ];
    await openProfileAs({
      ...MEMBER,
      statusMembershipIdStatus: 'Activo',
      membresia: {
        planId: 'p1',
        name: 'Plus',
        start: iso(-20),
        end: iso(70),
        status: 'Activo',
        state: 'Activo',
        pauses: [],
        periods,
      },
    });
    const card = screen.getByRole('heading', { level: 2, name: 'Membresía' }).closest('article') as HTMLElement;
    const shown = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(shown).toEqual([
      'Plus',
      formatDate(iso(-20)),
      formatDate(iso(10)),
      `Premium, del ${formatDate(iso(10))} al ${formatDate(iso(70))}`,
    ]);
    expect(within(card).getByText('Después')).toBeInTheDocument();
  });

  test('when a member unticks the membership reminders, then the choice is saved and the answer is read out', async () => {
    vi.mocked(savePreferences).mockResolvedValue({
      message: 'Preferencias guardadas',
      preferences: { membershipReminders: false },
    });
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await openProfileAs({
      ...MEMBER,
      statusMembershipIdStatus: 'Activo',
      membresia: {
        planId: 'p1',
        name: 'Plus',
        start,
        end,
        status: 'Activo' as const,
        state: 'Activo' as const,
        pauses: [],
        periods: [{ planId: 'p1', name: 'Plus', start, end }],
      },
    });
    const box = await screen.findByRole('checkbox', {
      name: 'Avisarme por correo antes de que venza mi membresía y cuando venza',
    });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(savePreferences).toHaveBeenCalledWith({ membershipReminders: false });
    expect(await screen.findByText('Preferencias guardadas')).toHaveAttribute('role', 'status');
    expect(box).not.toBeChecked();
  });
});

import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES, type MembershipDto } from '@pulso/shared';
import { apiError } from '../../../test/helpers';
import { formatDate } from '../../../lib/format';
import * as api from '../api/pause';
import { PauseMembership } from '../components/pause-membership';

vi.mock('../api/pause');

const localDay = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const at = (date: string) => new Date(`${date}T00:00`).toISOString();

const MEMBERSHIP: MembershipDto = {
  planId: 'p'.repeat(24),
  name: 'Plus',
  start: at(localDay(-10)),
  end: at(localDay(80)),
  status: 'Activo',
  state: 'Activo',
  periods: [{ planId: 'p'.repeat(24), name: 'Plus', start: at(localDay(-10)), end: at(localDay(80)) }],
  pauses: [],
};

const onPaused = vi.fn();

function Harness({ membership = MEMBERSHIP, byStaff = false }: { membership?: MembershipDto; byStaff?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <PauseMembership
      userId="u1"
      membership={membership}
      byStaff={byStaff}
      open={open}
      onOpenChange={setOpen}
      onPaused={onPaused}
    />
  );
}

describe("'Pausar membresía'", () => {
  beforeEach(() => vi.resetAllMocks());

  test('when a member opens it, then it says the rules and what the membership will be, refuses what the rules refuse, and sends the pause', async () => {
    const paused = {
      ...MEMBERSHIP,
      end: at(localDay(94)),
      pauses: [{ from: at(localDay(2)), until: at(localDay(16)) }],
    };
    vi.mocked(api.pauseMembership).mockResolvedValue({ message: 'Listo: la membresía queda pausada.', value: paused });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pausar membresía' }));
    const dialog = screen.getByRole('dialog', { name: 'Pausar membresía' });
    expect(dialog).toHaveTextContent(
      'Puedes pausarla de 7 a 90 días, pidiéndolo con 2 días de antelación, hasta 2 veces en 12 meses (te quedan 2).',
    );
    // The first day it may start is filled in; 14 days by default.
    expect(within(dialog).getByLabelText('Desde')).toHaveValue(localDay(2));
    expect(within(dialog).getByLabelText('Días')).toHaveValue(14);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      `Pausada del ${formatDate(at(localDay(2)))} al ${formatDate(at(localDay(15)))}. Vencerá el ${formatDate(at(localDay(94)))}.`,
    );

    // Too short: said at once, and not sent.
    const daysBox = within(dialog).getByLabelText('Días');
    await userEvent.clear(daysBox);
    await userEvent.type(daysBox, '3');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.pauses.duration(7, 90));
    expect(within(dialog).getByRole('button', { name: 'Pausar membresía' })).toBeDisabled();

    await userEvent.clear(daysBox);
    await userEvent.type(daysBox, '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pausar membresía' }));
    expect(api.pauseMembership).toHaveBeenCalledWith('u1', localDay(2), 14);
    expect(await screen.findByRole('dialog', { name: 'Membresía pausada' })).toHaveTextContent(
      'Listo: la membresía queda pausada.',
    );
    expect(onPaused).toHaveBeenCalledWith(paused);
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('when the server refuses it, then its words are shown and the dialog stays open', async () => {
    vi.mocked(api.pauseMembership).mockRejectedValue(
      apiError(409, { code: 'PAUSE_REFUSED', message: MESSAGES.pauses.overlap }),
    );
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pausar membresía' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pausar membresía' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pauses.overlap);
    expect(screen.getByRole('dialog', { name: 'Pausar membresía' })).toBeVisible();
  });

  test('when a pause runs or is coming, then it says so; a member who used the year’s pauses is not offered another, an admin is', () => {
    const running = {
      ...MEMBERSHIP,
      state: 'Pausada' as const,
      pauses: [
        { from: at(localDay(-3)), until: at(localDay(4)) },
        { from: at(localDay(-100)), until: at(localDay(-90)) },
      ],
    };
    const { unmount } = render(<Harness membership={running} />);
    expect(screen.getByTestId('pause-status')).toHaveTextContent(
      MESSAGES.pauses.pausedUntil(formatDate(at(localDay(3)))),
    );
    expect(screen.queryByRole('button', { name: 'Pausar membresía' })).not.toBeInTheDocument();
    unmount();
    render(<Harness membership={running} byStaff />);
    expect(screen.getByRole('button', { name: 'Pausar membresía' })).toBeVisible();

    const coming = { ...MEMBERSHIP, pauses: [{ from: at(localDay(5)), until: at(localDay(12)) }] };
    render(<Harness membership={coming} />);
    expect(screen.getAllByTestId('pause-status').at(-1)).toHaveTextContent(
      MESSAGES.pauses.scheduled(formatDate(at(localDay(5))), formatDate(at(localDay(11)))),
    );
  });
});

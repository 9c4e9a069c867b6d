import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { BranchTimetableDto, TimetableSlotDto } from '@pulso/shared';
import { getBranchTimetable } from '../api/branches';
import { BranchTimetable } from '../components/branch-timetable';

vi.mock('../api/branches', () => ({ getBranchTimetable: vi.fn() }));

const ID = 'c'.repeat(24);
const dates = ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'];
const slot = (fields: Partial<TimetableSlotDto> & Pick<TimetableSlotDto, 'lessonName' | 'date'>): TimetableSlotDto => ({
  lessonId: 'l'.repeat(24),
  id: `${'l'.repeat(24)}:${fields.date}`,
  start: `${fields.date}T18:00`,
  end: `${fields.date}T19:00`,
  capacity: 20,
  seatsLeft: 20,
  waiting: 0,
  cancelled: false,
  started: false,
  ...fields,
});
const TIMETABLE: BranchTimetableDto = {
  branchId: ID,
  branchName: 'Sede Sur',
  dates,
  slots: [
    slot({ lessonName: 'Yoga', date: '2026-11-26', started: true, start: '2026-11-26T07:00', end: '2026-11-26T08:00' }),
    slot({ lessonName: 'Spinning', date: '2026-11-26', seatsLeft: 1 }),
    slot({ lessonName: 'Spinning', date: '2026-11-27', seatsLeft: 0, waiting: 2 }),
    slot({ lessonName: 'Spinning', date: '2026-11-28', cancelled: true, seatsLeft: 0 }),
  ],
};

function renderTimetable() {
  return render(
    <MemoryRouter>
      <BranchTimetable id={ID} />
    </MemoryRouter>,
  );
}

describe("a sede's weekly timetable", () => {
  beforeEach(() => vi.resetAllMocks());

  test('when it loads, then a grid of days by hour shows each class with its places, linking to the class', async () => {
    vi.mocked(getBranchTimetable).mockResolvedValue(TIMETABLE);
    renderTimetable();
    const grid = await screen.findByRole('table', { name: 'Horario de Sede Sur, por día y hora' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Hora',
      'Hoy 26',
      'Viernes 27',
      'Sábado 28',
      'Domingo 29',
      'Lunes 30',
      'Martes 1',
      'Miércoles 2',
    ]);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['07:00', '18:00']);
    const evening = rows[1] as HTMLElement;
    const cells = within(evening).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Spinning18:00–19:00Queda 1 lugar');
    expect(cells[1]).toHaveTextContent('Completa');
    expect(cells[2]).toHaveTextContent('Cancelada');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('Ya empezó');
    expect(within(cells[0] as HTMLElement).getByRole('link', { name: 'Spinning' })).toHaveAttribute(
      'href',
      '/clases/Spinning',
    );
    expect(getBranchTimetable).toHaveBeenCalledWith(ID);
  });

  test('when it is printed, then the browser prints; with no classes the sede says so; a failure offers a retry', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    vi.mocked(getBranchTimetable).mockResolvedValueOnce(TIMETABLE);
    const { unmount } = renderTimetable();
    await userEvent.click(await screen.findByRole('button', { name: 'Imprimir horario' }));
    expect(print).toHaveBeenCalledTimes(1);
    unmount();

    vi.mocked(getBranchTimetable).mockResolvedValueOnce({ ...TIMETABLE, slots: [] });
    const empty = renderTimetable();
    expect(await screen.findByText('Esta sede no tiene clases en los próximos 7 días.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir horario' })).not.toBeInTheDocument();
    empty.unmount();

    vi.mocked(getBranchTimetable).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(TIMETABLE);
    renderTimetable();
    await userEvent.click(await screen.findByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    print.mockRestore();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_AUDIT_QUERY, type AuditEntryDto } from '@pulso/shared';
import * as api from '../api/audit';
import { AuditTrail } from '../components/audit-trail';
import { AuditHistory } from '../components/audit-history';

vi.mock('../api/audit', () => ({
  AUDIT_PAGE_SIZE: 25,
  getAuditTrail: vi.fn(),
  getAuditHistory: vi.fn(),
  getStaff: vi.fn(),
}));

const ADA = 'a'.repeat(24);
const ENTRY: AuditEntryDto = {
  id: 'e'.repeat(24),
  at: '2026-11-26T15:04:00.000Z',
  actor: { id: ADA, name: 'Ada Admin', role: 'admin' },
  ip: '203.0.113.9',
  action: 'update',
  entity: 'plan',
  entityId: 'p'.repeat(24),
  label: 'Plus',
  changes: [{ field: 'price', label: 'Precio', before: 30000, after: 35000 }],
};

describe('the audit trail', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(api.getStaff).mockResolvedValue([{ id: ADA, name: 'Ada Admin' }]);
  });

  test('when the trail loads, then each change shows who, in which role, what, before and after, and the address', async () => {
    vi.mocked(api.getAuditTrail).mockResolvedValue({ items: [ENTRY], total: 1 });
    render(<AuditTrail />);
    const table = await screen.findByRole('table', { name: /Cambios hechos por el personal/ });
    const row = within(
      within(table)
        .getByRole('rowheader', { name: /Ada Admin/ })
        .closest('tr') as HTMLElement,
    );
    expect(row.getByText('Administrador')).toBeVisible();
    expect(row.getByText('Modificó')).toBeVisible();
    expect(row.getByText('Precio: 30000 → 35000')).toBeVisible();
    expect(row.getByText('203.0.113.9')).toBeVisible();
    expect(api.getAuditTrail).toHaveBeenCalledWith(DEFAULT_AUDIT_QUERY, 1);
  });

  test('when the admin filters by person and kind, then the server is asked for them and the count is said', async () => {
    const user = userEvent.setup();
    vi.mocked(api.getAuditTrail).mockResolvedValue({ items: [ENTRY], total: 1 });
    render(<AuditTrail />);
    await screen.findByRole('table');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Persona' }), 'Ada Admin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Qué se cambió' }), 'Membresía');
    expect(api.getAuditTrail).toHaveBeenLastCalledWith({ ...DEFAULT_AUDIT_QUERY, actor: ADA, entity: 'plan' }, 1);
    expect(await screen.findByRole('status')).toHaveTextContent('1 cambio encontrado');
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(api.getAuditTrail).toHaveBeenLastCalledWith(DEFAULT_AUDIT_QUERY, 1);
  });

  test('when nothing matches or the load fails, then it says so', async () => {
    vi.mocked(api.getAuditTrail).mockResolvedValueOnce({ items: [], total: 0 });
    const { unmount } = render(<AuditTrail />);
    expect(await screen.findByText(/Todavía no hay cambios registrados/)).toBeVisible();
    unmount();
    vi.mocked(api.getAuditTrail).mockRejectedValueOnce(new Error('boom'));
    render(<AuditTrail />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el registro de cambios.');
  });
});

describe("a record's history", () => {
  beforeEach(() => vi.resetAllMocks());

  test('when the admin opens it, then it is read once and lists the changes newest first', async () => {
    const user = userEvent.setup();
    vi.mocked(api.getAuditHistory).mockResolvedValue([
      {
        ...ENTRY,
        entity: 'user',
        label: 'Marta Socia',
        action: 'pause',
        changes: [{ field: 'pauses', label: 'Pausas', before: null, after: '2026-12-01 – 2026-12-14' }],
      },
    ]);
    render(<AuditHistory entity="user" id={ADA} />);
    expect(api.getAuditHistory).not.toHaveBeenCalled();
    await user.click(screen.getByText('Historial de cambios'));
    expect(await screen.findByText(/Pausó la membresía de «Marta Socia»/)).toBeVisible();
    expect(screen.getByText('Pausas: — → 2026-12-01 – 2026-12-14')).toBeVisible();
    expect(api.getAuditHistory).toHaveBeenCalledWith('user', ADA);
  });
});

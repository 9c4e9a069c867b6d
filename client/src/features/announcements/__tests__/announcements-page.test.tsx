import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AnnouncementDto } from '@pulso/shared';
import * as api from '../api/announcements';
import { AnnouncementsPage } from '../components/announcements-page';

vi.mock('../api/announcements');
vi.mock('../../branches/api/branches');
import * as branchesApi from '../../branches/api/branches';

const SENT: AnnouncementDto = {
  id: 'ann_1',
  subject: 'Cierre por mantenimiento',
  body: 'El sábado cerramos a las 14:00.',
  audience: 'Socios de Sede Norte',
  status: 'sending',
  total: 5,
  done: 2,
  sent: 2,
  failed: 0,
  createdBy: 'Ada Admin',
  createdAt: '2026-11-26T15:00:00.000Z',
  finishedAt: null,
};

function renderPage(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/dashboard/anuncios', state }]}>
      <AnnouncementsPage />
    </MemoryRouter>,
  );
}

describe("'Anuncios'", () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(api.getLessonChoices).mockResolvedValue([]);
    vi.mocked(branchesApi.getBranches).mockResolvedValue([]);
  });

  test('when the admin previews, then it says how many it reaches and the e-mail; sending asks first and sends once', async () => {
    const person = userEvent.setup();
    vi.mocked(api.getAnnouncements).mockResolvedValue([SENT]);
    vi.mocked(api.previewAnnouncement).mockResolvedValue({
      audience: 'Todos los usuarios activos',
      count: 7,
      sample: ['Ana', 'Beto'],
      mail: { subject: 'Feriado', text: 'Hola Ana,\n\nEl lunes abrimos a las 9.\n\n— El equipo de Pulso' },
    });
    vi.mocked(api.sendAnnouncement).mockResolvedValue({
      message: 'Anuncio en camino a 7 personas.',
      announcement: SENT,
    });
    renderPage();
    expect(await screen.findByText('Enviando: 2 de 5')).toBeVisible();
    await person.type(screen.getByLabelText('Asunto'), 'Feriado');
    await person.type(screen.getByLabelText('Mensaje'), 'El lunes abrimos a las 9.');
    await person.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByText('Llega a 7 personas: Ana, Beto y 5 más.')).toBeVisible();
    expect(screen.getByText(/El lunes abrimos a las 9\./, { selector: '.announcements__mail-text' })).toBeVisible();
    await person.click(screen.getByRole('button', { name: 'Enviar a 7 personas' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Enviar anuncio' });
    await person.click(within(confirm).getByRole('button', { name: 'Enviar a 7 personas' }));
    expect(api.sendAnnouncement).toHaveBeenCalledTimes(1);
    expect(api.sendAnnouncement).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'Feriado', audience: 'all', requestId: expect.stringMatching(/^ann-/) }),
    );
    expect(await screen.findByText('Anuncio en camino a 7 personas.')).toBeVisible();
  });

  test('when the announcement changes after its preview, then sending waits for a new preview', async () => {
    const person = userEvent.setup();
    vi.mocked(api.getAnnouncements).mockResolvedValue([]);
    vi.mocked(api.previewAnnouncement).mockResolvedValue({
      audience: 'x',
      count: 2,
      sample: ['Ana', 'Beto'],
      mail: { subject: 'A', text: 'B' },
    });
    renderPage();
    await person.type(screen.getByLabelText('Asunto'), 'A');
    await person.type(screen.getByLabelText('Mensaje'), 'B');
    await person.click(screen.getByRole('button', { name: 'Vista previa' }));
    await screen.findByRole('button', { name: 'Enviar a 2 personas' });
    await person.type(screen.getByLabelText('Mensaje'), ' más');
    expect(screen.queryByRole('button', { name: 'Enviar a 2 personas' })).toBeNull();
    expect(screen.getByText(/vuelve a ver la vista previa/)).toBeVisible();
  });

  test("when it comes from the users list's selection, then it goes to them", async () => {
    const person = userEvent.setup();
    vi.mocked(api.getAnnouncements).mockResolvedValue([]);
    vi.mocked(api.previewAnnouncement).mockResolvedValue({
      audience: 'x',
      count: 2,
      sample: ['Ana', 'Beto'],
      mail: { subject: 'A', text: 'B' },
    });
    renderPage({ selection: { ids: ['a'.repeat(24), 'b'.repeat(24)], names: ['Ana', 'Beto'] } });
    expect(screen.getByRole('combobox', { name: 'Para' })).toHaveDisplayValue('Los 2 usuarios seleccionados');
    await person.type(screen.getByLabelText('Asunto'), 'A');
    await person.type(screen.getByLabelText('Mensaje'), 'B');
    await person.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(api.previewAnnouncement).toHaveBeenCalledWith(
      expect.objectContaining({ audience: 'selection', ids: ['a'.repeat(24), 'b'.repeat(24)] }),
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { BranchFormRoute } from '../../../app/routes/dashboard/branch-form';
import { createBranch, deleteBranch, getBranch, updateBranch } from '../api/branches-dashboard';
import { useBranchesDashboardStore } from '../store';
import { apiError, CENTRO, imageFile, NORTE } from './fixtures';

vi.mock('../api/branches-dashboard');

const HOURS = Array.from({ length: 24 }, (_, i) => `${i + 1}:00`);

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/dashboard/sedes" element={<h1>Lista de sedes</h1>} />
        <Route path="/dashboard/sedes/crear" element={<BranchFormRoute />} />
        <Route path="/dashboard/sedes/editar/:id" element={<BranchFormRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

const nameInput = () => screen.getByRole('textbox', { name: 'Nombre *' });
const addressInput = () => screen.getByRole('textbox', { name: 'Dirección *' });
const startSelect = () => screen.getByRole('combobox', { name: 'Hora inicio' });
const finishSelect = () => screen.getByRole('combobox', { name: 'Hora fin' });
const imageInput = () => screen.getByLabelText('Imagen*');
const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

/** The message shown under a field (linked to it with aria-describedby). */
function messageOf(element: HTMLElement): string | null {
  const ids = element.getAttribute('aria-describedby');
  if (!ids) return null;
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

async function fillValidBranch() {
  await userEvent.type(nameInput(), 'Sede Oriente');
  await userEvent.type(addressInput(), 'Calle Falsa 123');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Martes' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Lunes' }));
  await userEvent.selectOptions(startSelect(), '9:00');
  await userEvent.selectOptions(finishSelect(), '21:00');
  const file = imageFile();
  await userEvent.upload(imageInput(), file);
  return file;
}

describe('BranchForm: create (/dashboard/sedes/crear)', () => {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  beforeAll(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  beforeEach(() => {
    useBranchesDashboardStore.setState(useBranchesDashboardStore.getInitialState(), true);
    vi.mocked(createBranch).mockReset();
  });

  test('when it is sent empty, then Error de validación opens and every required message shows under its field', async () => {
    renderAt('/dashboard/sedes/crear');
    expect(screen.getByRole('heading', { level: 1, name: 'Crear Sede' })).toBeInTheDocument();
    // Nothing is said before the user does anything.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Crear Sede' }));
    const modal = screen.getByRole('alertdialog', { name: 'Error de validación' });
    expect(modal).toHaveTextContent('Debe completar todos los datos requeridos.');
    await userEvent.click(within(modal).getByRole('button', { name: 'OK' }));

    expect(messageOf(nameInput())).toBe('El nombre es obligatorio.');
    expect(messageOf(addressInput())).toBe('La dirección es obligatoria');
    expect(messageOf(screen.getByRole('group', { name: 'Días de atención *' }))).toBe(
      'Debe seleccionar al menos un día',
    );
    expect(messageOf(startSelect())).toBe('Debe seleccionar hora de inicio');
    expect(messageOf(finishSelect())).toBe('Debe seleccionar hora de fin');
    expect(messageOf(imageInput())).toBe('La imagen es obligatoria');
    expect(createBranch).not.toHaveBeenCalled();
  });

  test('when name and address break their rules, then each rule says its message as the user types', async () => {
    renderAt('/dashboard/sedes/crear');
    await userEvent.type(nameInput(), 'Sede 1');
    expect(messageOf(nameInput())).toBe('El nombre solo puede contener letras.');
    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), 'Se');
    expect(messageOf(nameInput())).toBe('El nombre debe tener al menos 3 caracteres.');
    await userEvent.type(nameInput(), 'de');
    expect(messageOf(nameInput())).toBeNull();

    await userEvent.type(addressInput(), 'Calle #5');
    expect(messageOf(addressInput())).toBe('La dirección no debe contener caracteres especiales');
    await userEvent.clear(addressInput());
    await userEvent.type(addressInput(), 'C 12');
    expect(messageOf(addressInput())).toBe('La dirección debe tener al menos 5 caracteres');
    await userEvent.clear(addressInput());
    expect(messageOf(addressInput())).toBe('La dirección es obligatoria');
  });

  test('when a start hour is chosen, then the end hour offers only later whole hours', async () => {
    renderAt('/dashboard/sedes/crear');
    expect(optionValues(startSelect())).toEqual(HOURS.slice(0, -1));
    expect(optionValues(finishSelect())).toEqual(HOURS);

    await userEvent.selectOptions(startSelect(), '9:00');
    expect(optionValues(finishSelect())).toEqual(HOURS.slice(9));
    await userEvent.selectOptions(finishSelect(), '12:00');

    // A start at or after the chosen end clears the end.
    await userEvent.selectOptions(startSelect(), '12:00');
    expect(optionValues(finishSelect())).toEqual(HOURS.slice(12));
    expect(finishSelect()).toHaveValue('');
    expect(messageOf(finishSelect())).toBe('Debe seleccionar hora de fin');
  });

  test('when the chosen file is not jpg or png, then the image says so', async () => {
    renderAt('/dashboard/sedes/crear');
    await userEvent.upload(imageInput(), imageFile('fachada.gif', 'image/gif'), { applyAccept: false });
    expect(messageOf(imageInput())).toBe('La imagen debe ser jpg, jpeg o png');
  });

  test('when a valid sede is sent, then it is created with its image, the form is cleared and OK goes to the list', async () => {
    const created = { ...NORTE, id: 'c'.repeat(24), name: 'Sede Oriente' };
    vi.mocked(createBranch).mockResolvedValue({ message: 'Sede creada con éxito', branchoffice: created });
    renderAt('/dashboard/sedes/crear');
    const file = await fillValidBranch();
    expect(screen.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveAttribute(
      'src',
      'blob:preview',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Crear Sede' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(modal).toHaveTextContent('Sede creada con éxito');
    expect(createBranch).toHaveBeenCalledWith(
      {
        name: 'Sede Oriente',
        location: 'Calle Falsa 123',
        scheduleDays: ['Lunes', 'Martes'],
        scheduleHourStart: '9:00',
        scheduleHourFinish: '21:00',
      },
      file,
    );
    // The form behind the modal is empty again.
    expect(nameInput()).toHaveValue('');
    expect(addressInput()).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Lunes' })).not.toBeChecked();
    expect(startSelect()).toHaveValue('');
    expect(finishSelect()).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Vista previa de la imagen elegida' })).not.toBeInTheDocument();
    expect(useBranchesDashboardStore.getState().items).toEqual([created]);

    await userEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'Lista de sedes' })).toBeInTheDocument();
  });

  test('when the server refuses the sede, then its message shows and what was typed stays', async () => {
    vi.mocked(createBranch).mockRejectedValue(
      apiError(409, { code: 'CONFLICT', message: 'Ya existe una sede con ese nombre' }),
    );
    renderAt('/dashboard/sedes/crear');
    await fillValidBranch();
    await userEvent.click(screen.getByRole('button', { name: 'Crear Sede' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(modal).toHaveTextContent('Ya existe una sede con ese nombre');
    await userEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(nameInput()).toHaveValue('Sede Oriente');
  });

  test('when the server rejects a field, then its message shows under that field', async () => {
    vi.mocked(createBranch).mockRejectedValue(
      apiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'Hay datos inválidos en la solicitud',
        details: [{ field: 'location', message: 'La dirección no debe contener caracteres especiales' }],
      }),
    );
    renderAt('/dashboard/sedes/crear');
    await fillValidBranch();
    await userEvent.click(screen.getByRole('button', { name: 'Crear Sede' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(modal).toHaveTextContent('Hay datos inválidos en la solicitud');
    await userEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(messageOf(addressInput())).toBe('La dirección no debe contener caracteres especiales');
  });
});

describe('BranchForm: edit (/dashboard/sedes/editar/{id})', () => {
  beforeEach(() => {
    useBranchesDashboardStore.setState({ ...useBranchesDashboardStore.getInitialState(), items: [CENTRO] }, true);
    vi.mocked(getBranch).mockReset().mockResolvedValue(CENTRO);
    vi.mocked(updateBranch).mockReset();
    vi.mocked(deleteBranch).mockReset();
  });

  const open = async () => {
    renderAt(`/dashboard/sedes/editar/${CENTRO.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Editar Sede' });
  };

  test('when it opens, then the sede fills the form with its current image and a back arrow', async () => {
    renderAt(`/dashboard/sedes/editar/${CENTRO.id}`);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    await screen.findByRole('heading', { level: 1, name: 'Editar Sede' });
    expect(getBranch).toHaveBeenCalledWith(CENTRO.id);
    expect(nameInput()).toHaveValue('Sede Centro');
    expect(addressInput()).toHaveValue('Avenida Juárez 123');
    expect(screen.getByRole('checkbox', { name: 'Sábado' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Domingo' })).not.toBeChecked();
    expect(startSelect()).toHaveValue('6:00');
    expect(finishSelect()).toHaveValue('23:00');
    expect(screen.getByRole('img', { name: 'Imagen actual' })).toHaveAttribute('src', CENTRO.image);
    expect(screen.getByRole('link', { name: 'Volver a Sedes' })).toHaveAttribute('href', '/dashboard/sedes');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });

  test('when the sede cannot load, then the server message shows', async () => {
    vi.mocked(getBranch).mockRejectedValue(apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la sede' }));
    renderAt(`/dashboard/sedes/editar/${CENTRO.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la sede. No se encontró la sede');
  });

  test('when it is saved with errors, then the edit validation message opens', async () => {
    await open();
    await userEvent.clear(nameInput());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(screen.getByRole('alertdialog', { name: 'Error de validación' })).toHaveTextContent(
      'Debe completar los campos obligatorios y corregir los errores.',
    );
    expect(updateBranch).not.toHaveBeenCalled();
  });

  test('when save is cancelled, then Acción cancelada shows and nothing is sent', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
    expect(confirm).toHaveTextContent('Pulse OK o Cancelar.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('alertdialog', { name: 'Aviso' })).toHaveTextContent('Acción cancelada');
    expect(updateBranch).not.toHaveBeenCalled();
  });

  test('when save is confirmed, then the sede is updated (keeping its image), the list follows and OK goes back', async () => {
    const updated = { ...CENTRO, name: 'Sede Centro Historico' };
    vi.mocked(updateBranch).mockResolvedValue({ message: 'Sede actualizada con éxito', branchoffice: updated });
    await open();
    await userEvent.type(nameInput(), ' Historico');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sábado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirmación' })).getByRole('button', { name: 'OK' }),
    );

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Sede actualizada con éxito');
    expect(updateBranch).toHaveBeenCalledWith(
      CENTRO.id,
      {
        name: 'Sede Centro Historico',
        location: 'Avenida Juárez 123',
        scheduleDays: ['Lunes', 'Martes'],
        scheduleHourStart: '6:00',
        scheduleHourFinish: '23:00',
      },
      null,
    );
    expect(useBranchesDashboardStore.getState().items).toEqual([updated]);
    await userEvent.click(within(result).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'Lista de sedes' })).toBeInTheDocument();
  });

  test('when the update fails, then the server message shows and the form stays', async () => {
    vi.mocked(updateBranch).mockRejectedValue(
      apiError(409, { code: 'CONFLICT', message: 'Ya existe una sede con ese nombre' }),
    );
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirmación' })).getByRole('button', { name: 'OK' }),
    );
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'Ya existe una sede con ese nombre',
    );
    expect(nameInput()).toHaveValue('Sede Centro');
  });

  test('when new days would leave classes outside, then the server names them under Días de atención', async () => {
    const refused = 'Estas clases se dan en días que la sede dejaría de atender: Spinning (Sábado)';
    vi.mocked(updateBranch).mockRejectedValue(
      apiError(400, {
        code: 'VALIDATION_FAILED',
        message: refused,
        details: [{ field: 'scheduleDays', message: refused }],
      }),
    );
    await open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sábado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirmación' })).getByRole('button', { name: 'OK' }),
    );
    const modal = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(modal).toHaveTextContent(refused);
    await userEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(messageOf(screen.getByRole('group', { name: 'Días de atención *' }))).toBe(refused);
  });

  test('when delete is confirmed, then Sede borrada con éxito shows, the list loses it and OK goes back', async () => {
    vi.mocked(deleteBranch).mockResolvedValue('Sede borrada con éxito');
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
    expect(confirm).toHaveTextContent('Esta acción no se podrá revertir!');
    expect(confirm).toHaveTextContent(`Sede a borrar: Sede Centro (${CENTRO.location})`);
    expect(confirm).toHaveTextContent('Pulse OK o Cancelar.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Sede borrada con éxito');
    expect(useBranchesDashboardStore.getState().items).toEqual([]);
    await userEvent.click(within(result).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'Lista de sedes' })).toBeInTheDocument();
  });

  test('when delete is cancelled, then Acción cancelada shows', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirmación' })).getByRole('button', { name: 'Cancelar' }),
    );
    expect(screen.getByRole('alertdialog', { name: 'Aviso' })).toHaveTextContent('Acción cancelada');
    expect(deleteBranch).not.toHaveBeenCalled();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { PlanFormRoute } from '../../../app/routes/dashboard/plan-form';
import { getPlans } from '../../plans/api/get-plans';
import { PlansSection } from '../../plans/components/plans-section';
import { usePlansStore } from '../../plans/store';
import { createPlan, deletePlan, getAllPlans, updatePlan } from '../api/plans-admin';
import { usePlansAdminStore } from '../store';
import { apiError, PLUS, RETIRED, STANDAR } from './fixtures';

vi.mock('../api/plans-admin');
vi.mock('../../plans/api/get-plans', () => ({ getPlans: vi.fn() }));

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/dashboard/membresias" element={<h1>Lista de planes</h1>} />
        <Route path="/dashboard/plans/crear" element={<PlanFormRoute />} />
        <Route path="/dashboard/membresias/editar/:id" element={<PlanFormRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (name: string) => screen.getByRole('textbox', { name });
const nameInput = () => input('Nombre');
const benefitsInput = () => input('Beneficios');
const durationInput = () => input('Duración (meses)');
const priceInput = () => input('Precio');

/** The message shown under a field (linked to it with aria-describedby; the price also has a hint). */
function messageOf(element: HTMLElement): string | null {
  const ids = element.getAttribute('aria-describedby');
  if (!ids) return null;
  const errors = ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((node) => node?.classList.contains('field__error'));
  return errors.length ? errors.map((n) => n?.textContent).join(' ') : null;
}

async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  if (text) await userEvent.type(element, text);
}

const dialog = (name: string) => screen.getByRole('alertdialog', { name });

beforeEach(() => {
  usePlansAdminStore.setState(usePlansAdminStore.getInitialState(), true);
  usePlansStore.setState(usePlansStore.getInitialState(), true);
  for (const fn of [getAllPlans, createPlan, updatePlan, deletePlan, getPlans]) vi.mocked(fn).mockReset();
});

describe('PlanForm: create (/dashboard/plans/crear)', () => {
  test('when it is saved empty, then Faltan datos shows and every required message shows under its field', async () => {
    renderAt('/dashboard/plans/crear');
    expect(screen.getByRole('heading', { level: 1, name: 'Crear plan' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear plan' }));
    const modal = dialog('Resultado');
    expect(modal).toHaveTextContent('Faltan datos');
    await userEvent.click(within(modal).getByRole('button', { name: 'Aceptar' }));

    expect(messageOf(nameInput())).toBe('El campo de nombre es requerido.');
    expect(messageOf(benefitsInput())).toBe('El campo de beneficios es requerido.');
    expect(messageOf(durationInput())).toBe('El campo de duracion es requerido.');
    expect(messageOf(priceInput())).toBe('El campo de precio es requerido.');
    expect(createPlan).not.toHaveBeenCalled();
  });

  test('when fields break their format, then each message shows as the user types', async () => {
    renderAt('/dashboard/plans/crear');
    expect(messageOf(nameInput())).toBeNull();
    await userEvent.type(nameInput(), 'Plan 2');
    expect(messageOf(nameInput())).toBe('El nombre debe contener solo letras.');
    await retype(nameInput(), 'Oro, Plata');
    expect(messageOf(nameInput())).toBeNull();

    await userEvent.type(benefitsInput(), 'Sauna & spa');
    expect(messageOf(benefitsInput())).toBe('Los beneficios debe contener letras y números sin caracteres especiales.');
    await retype(benefitsInput(), 'Sauna y 2 sedes');
    expect(messageOf(benefitsInput())).toBeNull();

    for (const bad of ['tres', '0', '06', '1.5']) {
      await retype(durationInput(), bad);
      expect(messageOf(durationInput())).toBe('Seleccionar la cantidad de meses en numeros.');
    }
    await retype(durationInput(), '6');
    expect(messageOf(durationInput())).toBeNull();

    for (const bad of ['10.999', '10,5', 'diez']) {
      await retype(priceInput(), bad);
      expect(messageOf(priceInput())).toBe('El precio debe tener el formato adecuado.');
    }
    await retype(priceInput(), '');
    expect(messageOf(priceInput())).toBe('El campo de precio es requerido.');
    await retype(priceInput(), '45.5');
    expect(messageOf(priceInput())).toBeNull();
  });

  test('when the confirmation is declined, then Acción cancelada shows and nothing is sent', async () => {
    renderAt('/dashboard/plans/crear');
    await userEvent.type(nameInput(), 'Oro');
    await userEvent.type(benefitsInput(), 'Todo incluido');
    await userEvent.type(durationInput(), '6');
    await userEvent.type(priceInput(), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Crear plan' }));
    const confirm = dialog('Confirmar');
    expect(confirm).toHaveTextContent('¿Estás seguro de que quieres guardar?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Volver' }));
    expect(dialog('Resultado')).toHaveTextContent('Acción cancelada');
    expect(createPlan).not.toHaveBeenCalled();
    expect(nameInput()).toHaveValue('Oro');
  });

  test('when it is confirmed, then the plan is created, Plan creado exitosamente shows, the form clears and Aceptar goes to the list', async () => {
    const created = { ...STANDAR, id: 'd'.repeat(24), name: 'Oro', price: 150, duration: 6 };
    vi.mocked(createPlan).mockResolvedValue({ message: 'Plan creado exitosamente', plan: created });
    usePlansStore.setState({ status: 'succeeded', items: [STANDAR] });
    renderAt('/dashboard/plans/crear');
    await userEvent.type(nameInput(), ' Oro ');
    await userEvent.type(benefitsInput(), 'Todo incluido');
    await userEvent.type(durationInput(), '6');
    await userEvent.type(priceInput(), '150');
    // Sold as renewing: the box, with its hint read with it.
    const renewing = screen.getByRole('checkbox', { name: 'Renovación automática' });
    expect(renewing).not.toBeChecked();
    expect(renewing).toHaveAccessibleDescription(/Se cobra de nuevo al terminar cada período/);
    await userEvent.click(renewing);
    await userEvent.click(screen.getByRole('button', { name: 'Crear plan' }));
    await userEvent.click(within(dialog('Confirmar')).getByRole('button', { name: 'Confirmar' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Plan creado exitosamente');
    expect(createPlan).toHaveBeenCalledWith({
      name: 'Oro',
      benefits: 'Todo incluido',
      duration: 6,
      price: 150,
      renewing: true,
    });
    expect(screen.getByRole('checkbox', { name: 'Renovación automática' })).not.toBeChecked();
    expect(nameInput()).toHaveValue('');
    expect(durationInput()).toHaveValue('');
    // The landing page's plans will be read again.
    expect(usePlansStore.getState().status).toBe('idle');
    expect(usePlansAdminStore.getState().items.map((p) => p.name)).toEqual(['Oro']);
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('heading', { name: 'Lista de planes' })).toBeInTheDocument();
  });

  test('when the server refuses the plan, then its message shows and the public list is left alone', async () => {
    vi.mocked(createPlan).mockRejectedValue(
      apiError(409, { code: 'CONFLICT', message: 'Ya existe un plan con ese nombre' }),
    );
    usePlansStore.setState({ status: 'succeeded', items: [STANDAR] });
    renderAt('/dashboard/plans/crear');
    await userEvent.type(nameInput(), 'Standar');
    await userEvent.type(benefitsInput(), 'Otro');
    await userEvent.type(durationInput(), '1');
    await userEvent.type(priceInput(), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Crear plan' }));
    await userEvent.click(within(dialog('Confirmar')).getByRole('button', { name: 'Confirmar' }));
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Ya existe un plan con ese nombre');
    expect(usePlansStore.getState().status).toBe('succeeded');
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(nameInput()).toHaveValue('Standar');
  });
});

describe('PlanForm: edit (/dashboard/membresias/editar/{id})', () => {
  const openAt = (id: string) => {
    vi.mocked(getAllPlans).mockResolvedValue([STANDAR, PLUS, RETIRED]);
    renderAt(`/dashboard/membresias/editar/${id}`);
  };
  const open = async () => {
    openAt(PLUS.id);
    await screen.findByRole('heading', { level: 1, name: 'Editar plan' });
  };

  test('when it opens, then the plan fills the form, with its duration in the field named duration', async () => {
    await open();
    expect(nameInput()).toHaveValue('Plus');
    expect(benefitsInput()).toHaveValue('Todas las sedes');
    expect(durationInput()).toHaveValue('3');
    expect(durationInput()).toHaveAttribute('name', 'duration');
    expect(priceInput()).toHaveValue('79.99');
    expect(screen.getByRole('link', { name: 'Volver a Membresías' })).toHaveAttribute('href', '/dashboard/membresias');
  });

  test('when the price and duration change and are saved, then Cambios guardados exitosamente shows and the landing page shows the new price on its next visit', async () => {
    const updated = { ...PLUS, price: 89.5, duration: 4 };
    vi.mocked(updatePlan).mockResolvedValue({ message: 'Cambios guardados exitosamente', plan: updated });
    vi.mocked(getPlans).mockResolvedValueOnce([STANDAR, PLUS]).mockResolvedValueOnce([STANDAR, updated]);
    // The landing page was seen before the change.
    const landing = render(
      <MemoryRouter>
        <PlansSection />
      </MemoryRouter>,
    );
    expect(await within(landing.container).findByText(/79,99/)).toBeInTheDocument();
    landing.unmount();

    await open();
    await retype(priceInput(), '89.5');
    await retype(durationInput(), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(within(dialog('Confirmar')).getByRole('button', { name: 'Confirmar' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Cambios guardados exitosamente');
    expect(updatePlan).toHaveBeenCalledWith(PLUS.id, {
      name: 'Plus',
      benefits: 'Todas las sedes',
      duration: 4,
      price: 89.5,
      renewing: false,
    });
    expect(usePlansAdminStore.getState().items.find((p) => p.id === PLUS.id)?.price).toBe(89.5);
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('heading', { name: 'Lista de planes' })).toBeInTheDocument();

    const again = render(
      <MemoryRouter>
        <PlansSection />
      </MemoryRouter>,
    );
    const plus = await within(again.container).findByRole('article', { name: 'Plus' });
    expect(within(plus).getByText(/89,50/)).toBeInTheDocument();
    expect(within(plus).getByText('4 meses')).toBeInTheDocument();
    expect(getPlans).toHaveBeenCalledTimes(2);
  });

  test('when a field is invalid on save, then Faltan datos shows and nothing is sent', async () => {
    await open();
    await retype(priceInput(), '1.234');
    expect(messageOf(priceInput())).toBe('El precio debe tener el formato adecuado.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(dialog('Resultado')).toHaveTextContent('Faltan datos');
    expect(updatePlan).not.toHaveBeenCalled();
  });

  test('when the update fails, then the server message shows', async () => {
    vi.mocked(updatePlan).mockRejectedValue(
      apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la membresía' }),
    );
    usePlansStore.setState({ status: 'succeeded', items: [STANDAR, PLUS] });
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(within(dialog('Confirmar')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent(
      'No se encontró la membresía',
    );
    // Nothing changed: the landing page keeps what it has.
    expect(usePlansStore.getState().status).toBe('succeeded');
  });

  test('when delete is declined, then Acción cancelada shows; when confirmed, Plan eliminado exitosamente', async () => {
    vi.mocked(deletePlan).mockResolvedValue('Plan eliminado exitosamente');
    usePlansStore.setState({ status: 'succeeded', items: [STANDAR, PLUS] });
    await open();

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar plan' }));
    const confirm = dialog('Confirmar');
    expect(confirm).toHaveTextContent('¿Estás seguro de que quieres eliminar el plan?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Volver' }));
    const cancelled = dialog('Resultado');
    expect(cancelled).toHaveTextContent('Acción cancelada');
    expect(deletePlan).not.toHaveBeenCalled();
    await userEvent.click(within(cancelled).getByRole('button', { name: 'Aceptar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar plan' }));
    await userEvent.click(within(dialog('Confirmar')).getByRole('button', { name: 'Confirmar' }));
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Plan eliminado exitosamente');
    expect(deletePlan).toHaveBeenCalledWith(PLUS.id);
    expect(usePlansAdminStore.getState().items.find((p) => p.id === PLUS.id)?.deletedAt).toBeTruthy();
    expect(usePlansStore.getState().status).toBe('idle');
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('heading', { name: 'Lista de planes' })).toBeInTheDocument();
  });

  test('when the id is unknown, then it says the membership was not found', async () => {
    openAt('f'.repeat(24));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encontró la membresía');
  });

  test('when the plan is retired, then it says to restore it first', async () => {
    openAt(RETIRED.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este plan está retirado. Restáuralo desde la lista para poder editarlo.',
    );
  });
});

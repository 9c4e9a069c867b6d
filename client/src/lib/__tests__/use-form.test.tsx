import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fieldErrors, MESSAGES, schemas } from '@pulso/shared';
import { Field } from '../../components/ui/field';
import { useForm, type FormOptions } from '../use-form';

type Plan = { name: string; benefits: string; duration: string; price: string };

const EMPTY: Plan = { name: '', benefits: '', duration: '', price: '' };
const m = MESSAGES.planForm;

/** The plan form's name and price, judged by the shared plan schema. */
function PlanFields(props: Partial<FormOptions<Plan>> & { serverErrors?: Record<string, string> }) {
  const form = useForm<Plan>({ initial: EMPTY, validate: (v) => fieldErrors(schemas.planForm, v), ...props });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <Field label="Nombre" {...form.bind('name')} />
      <Field label="Precio" {...form.bind('price')} />
      <button type="button" onClick={() => form.showServerErrors(props.serverErrors ?? {})}>
        Responder
      </button>
      <button type="submit">Guardar</button>
      <output>{form.valid ? 'válido' : 'inválido'}</output>
    </form>
  );
}

const name = () => screen.getByLabelText('Nombre');
const price = () => screen.getByLabelText('Precio');

describe('useForm', () => {
  test('when a field is typed in, then its schema message shows, and the untouched ones wait', async () => {
    render(<PlanFields />);
    expect(name()).not.toHaveAccessibleDescription();
    await userEvent.type(name(), 'Plan 1');
    expect(name()).toHaveAccessibleDescription(m.nameLetters);
    expect(price()).not.toHaveAccessibleDescription();
    expect(screen.getByRole('status')).toHaveTextContent('inválido');
  });

  test('when the form is submitted, then every field says its message', async () => {
    render(<PlanFields />);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(name()).toHaveAccessibleDescription(m.nameRequired);
    expect(price()).toHaveAccessibleDescription(m.priceRequired);
  });

  test('when leaving a field touches it, then an empty required field says so once passed over', async () => {
    render(<PlanFields touchOnBlur />);
    await userEvent.click(name());
    await userEvent.tab();
    expect(name()).toHaveAccessibleDescription(m.nameRequired);
  });

  test('when the server refuses a field, then its message shows under it until that field changes', async () => {
    render(<PlanFields serverErrors={{ name: 'Ya existe un plan con ese nombre' }} />);
    await userEvent.type(name(), 'Oro');
    await userEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(name()).toHaveAccessibleDescription('Ya existe un plan con ese nombre');
    await userEvent.type(name(), 'x');
    expect(name()).not.toHaveAccessibleDescription();
  });

  test('when checked on submit, then a message stands until its field changes, even if still wrong', async () => {
    render(<PlanFields checkOn="submit" />);
    await userEvent.type(price(), '1,5');
    expect(price()).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(price()).toHaveAccessibleDescription(m.priceFormat);
    await userEvent.type(price(), '0');
    expect(price()).not.toHaveAccessibleDescription();
  });
});

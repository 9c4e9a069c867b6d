import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import type { Outcome } from '../../../lib/mutation';
import { ActionDialogs, useActionFlow } from '../action-dialogs';

const done: Outcome = { ok: true, message: 'Sede borrada con éxito', value: undefined, fieldErrors: {} };

function DeleteBranch({ run, notice = true }: { run: () => Promise<Outcome>; notice?: boolean }) {
  const flow = useActionFlow<'delete'>(run);
  return (
    <MemoryRouter>
      <button type="button" onClick={() => flow.ask('delete')} disabled={flow.running !== null}>
        Eliminar
      </button>
      <ActionDialogs
        flow={flow}
        ask={() => ({
          title: 'Confirmación',
          message: 'Esta acción no se podrá revertir!',
          confirmLabel: 'OK',
          cancelLabel: 'Cancelar',
          busyLabel: 'Enviando...',
          danger: true,
        })}
        report={(_action, outcome) => ({ title: outcome.ok ? 'Resultado' : 'Error', message: outcome.message })}
        declined={notice ? { title: 'Aviso', message: 'Acción cancelada', closeLabel: 'OK' } : undefined}
      />
    </MemoryRouter>
  );
}

describe('ActionDialogs', () => {
  test('when the question is confirmed, then the action runs with the question busy, and its result shows', async () => {
    let finish: (outcome: Outcome) => void = () => undefined;
    const run = vi.fn(() => new Promise<Outcome>((resolve) => (finish = resolve)));
    render(<DeleteBranch run={run} />);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const question = screen.getByRole('alertdialog', { name: 'Confirmación' });
    await userEvent.click(within(question).getByRole('button', { name: 'OK' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(within(question).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    expect(within(question).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    finish(done);
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Sede borrada con éxito');
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  test('when the question is declined, then nothing runs and the notice says so', async () => {
    const run = vi.fn(async () => done);
    render(<DeleteBranch run={run} />);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(run).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Aviso' })).toHaveTextContent('Acción cancelada');
  });

  test('when the action fails, then its report is an error', async () => {
    const failed = { ok: false, message: 'No se encontró la sede', fieldErrors: {} } as unknown as Outcome;
    render(<DeleteBranch run={async () => failed} notice={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    const result = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(result).getByText('No se encontró la sede')).toHaveClass('modal__message--error');
  });
});

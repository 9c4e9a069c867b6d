import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ImageInput } from '../image-input';
import { Modal, ResultModal } from '../modal';

function Stacked({ onOuterClose }: { onOuterClose: () => void }) {
  const [inner, setInner] = useState(false);
  return (
    <Modal title="Editar usuario" onClose={onOuterClose}>
      <button type="button" onClick={() => setInner(true)}>
        Guardar
      </button>
      {inner && (
        <Modal title="Confirmación" role="alertdialog" onClose={() => setInner(false)}>
          <button type="button">Aceptar</button>
        </Modal>
      )}
    </Modal>
  );
}

describe('modal', () => {
  test('with a modal over another, Escape closes only the top one, then the next Escape the other', async () => {
    const onOuterClose = vi.fn();
    render(<Stacked onOuterClose={onOuterClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onOuterClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onOuterClose).toHaveBeenCalledTimes(1);
  });
});

/** A control disabled while its action runs, then a result dialog, as the contact form does. */
function SendThenResult({ removeOpener = false }: { removeOpener?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const send = async () => {
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    setBusy(false);
    setDone(true);
  };
  return (
    <main id="main">
      <h1>Contáctanos</h1>
      {!(removeOpener && done) && (
        <button type="button" disabled={busy} onClick={() => void send()}>
          ENVIAR
        </button>
      )}
      {done && <ResultModal message="Mensaje enviado correctamente" onClose={() => setDone(false)} />}
    </main>
  );
}

describe('modal focus and description', () => {
  test('when the opener was disabled while its action ran, then closing the result gives focus back to it', async () => {
    const user = userEvent.setup();
    render(<SendThenResult />);
    const send = screen.getByRole('button', { name: 'ENVIAR' });
    send.focus();
    await user.keyboard('{Enter}');
    // As in Chromium, a focused control that becomes disabled loses focus.
    expect(send).toBeDisabled();
    send.blur();
    const dialog = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(dialog).toHaveAccessibleDescription('Mensaje enviado correctamente');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('button', { name: 'ENVIAR' })).toHaveFocus();

    await user.keyboard('{Enter}');
    send.blur();
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'ENVIAR' })).toHaveFocus();
  });

  test('when the opener is gone once the dialog closes, then focus goes to the page’s main heading', async () => {
    const user = userEvent.setup();
    render(<SendThenResult removeOpener />);
    screen.getByRole('button', { name: 'ENVIAR' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Contáctanos' })).toHaveFocus();
  });

  test('a form dialog is described by the text it names', () => {
    render(
      <Modal title="Editar usuario" onClose={() => undefined} describedBy="who">
        <p id="who">ana@example.com</p>
        <input aria-label="Nombre" />
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Editar usuario' })).toHaveAccessibleDescription('ana@example.com');
  });
});

describe('image input', () => {
  function Harness({ currentUrl }: { currentUrl?: string }) {
    const [file, setFile] = useState<File | null>(null);
    return <ImageInput label="Imagen*" value={file} onChange={setFile} currentUrl={currentUrl} />;
  }
  const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'foto.png', { type: 'image/png' });

  test('says in Spanish that no file is chosen, then names the chosen file and previews it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    render(<Harness />);
    const input = screen.getByLabelText('Imagen*');
    expect(screen.getByText('Ningún archivo elegido')).toBeInTheDocument();
    await userEvent.upload(input, png());
    expect(screen.getByText('foto.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
  });

  test('keeps the stored image until another is chosen', () => {
    render(<Harness currentUrl="/uploads/sede.jpg" />);
    expect(screen.getByText('Se mantiene la imagen actual')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Imagen actual' })).toHaveAttribute('src', '/uploads/sede.jpg');
  });

  test('refuses a file over 5 MB with the server words and keeps nothing', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText('Imagen*'), png(5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('La imagen no puede pesar más de 5 MB');
    expect(screen.getByText('Ningún archivo elegido')).toBeInTheDocument();
  });
});

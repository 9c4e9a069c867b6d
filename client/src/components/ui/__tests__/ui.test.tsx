import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ImageInput } from '../image-input';
import { Modal } from '../modal';

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

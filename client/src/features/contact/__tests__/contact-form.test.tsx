import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sendContactMessage } from '../api/contact';
import { ContactForm } from '../components/contact-form';
import { useContactStore } from '../store';

vi.mock('../api/contact', () => ({ sendContactMessage: vi.fn() }));

function apiError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre completo*'), 'Ana Torres');
  await user.type(screen.getByLabelText('Asunto*'), 'Horarios');
  await user.type(screen.getByLabelText('Email*'), 'ana@example.com');
}

describe('ContactForm', () => {
  beforeEach(() => {
    useContactStore.setState(useContactStore.getInitialState(), true);
    vi.mocked(sendContactMessage).mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('when the page opens, then it shows the fields, ENVIAR and the 48 hours promise', () => {
    render(<ContactForm />);
    for (const label of ['Nombre completo*', 'Asunto*', 'Email*', 'Empresa', 'Mensaje'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ENVIAR' })).toBeInTheDocument();
    expect(screen.getByText(/48 horas/)).toBeInTheDocument();
  });

  test('when required fields are empty, then each says why under it and nothing is sent', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));

    expect(screen.getByLabelText('Nombre completo*')).toHaveAccessibleDescription('El nombre completo es requerido');
    expect(screen.getByLabelText('Asunto*')).toHaveAccessibleDescription('El asunto es requerido');
    expect(screen.getByLabelText('Email*')).toHaveAccessibleDescription('El email es requerido');
    expect(screen.getByLabelText('Nombre completo*')).toHaveFocus();
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  test('when the email is malformed, then its message shows and typing clears it', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText('Nombre completo*'), 'Ana');
    await user.type(screen.getByLabelText('Asunto*'), 'Hola');
    await user.type(screen.getByLabelText('Email*'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    const email = screen.getByLabelText('Email*');
    expect(email).toHaveAccessibleDescription('Debe ingresar un correo electrónico válido');
    expect(email).toHaveFocus();

    await user.type(email, 'x');
    expect(screen.queryByText('Debe ingresar un correo electrónico válido')).not.toBeInTheDocument();
  });

  test('when the message is sent, then it says so and clears the form 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    let finish: () => void = () => undefined;
    vi.mocked(sendContactMessage).mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    render(<ContactForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Empresa'), 'ACME');
    await user.type(screen.getByLabelText('Mensaje'), 'Quisiera saber los horarios.');
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));

    const busy = screen.getByRole('button', { name: 'ENVIANDO...' });
    expect(busy).toBeDisabled();
    expect(sendContactMessage).toHaveBeenCalledWith({
      user_name: 'Ana Torres',
      subject: 'Horarios',
      user_email: 'ana@example.com',
      company: 'ACME',
      message: 'Quisiera saber los horarios.',
    });
    await act(async () => finish());

    const dialog = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(dialog).toHaveTextContent('Mensaje enviado correctamente');
    expect(screen.getByLabelText('Nombre completo*')).toHaveValue('Ana Torres');

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByLabelText('Nombre completo*')).toHaveValue('');
    expect(screen.getByLabelText('Mensaje')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ENVIAR' })).toBeEnabled();
  });

  test('when sending fails, then it says Intentelo nuevamente and keeps what was typed', async () => {
    const user = userEvent.setup();
    vi.mocked(sendContactMessage).mockRejectedValue(new Error('Network Error'));
    render(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(dialog).toHaveTextContent('Intentelo nuevamente');
    expect(screen.getByLabelText('Asunto*')).toHaveValue('Horarios');
  });

  test('when the server refuses for too many messages, then its own message shows', async () => {
    const user = userEvent.setup();
    vi.mocked(sendContactMessage).mockRejectedValue(
      apiError(429, { code: 'RATE_LIMITED', message: 'Demasiadas solicitudes, inténtalo más tarde' }),
    );
    render(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Demasiadas solicitudes, inténtalo más tarde');
  });

  test('when the server refuses a field, then its message shows under that field', async () => {
    const user = userEvent.setup();
    vi.mocked(sendContactMessage).mockRejectedValue(
      apiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'Hay datos inválidos en la solicitud',
        details: [{ field: 'company', message: 'No se permiten saltos de línea en este campo' }],
      }),
    );
    render(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByLabelText('Empresa')).toHaveAccessibleDescription(
      'No se permiten saltos de línea en este campo',
    );
  });
});

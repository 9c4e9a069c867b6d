import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ContactMessages } from '../components/contact-messages';
import { api, apiError, message, resetUsersAdmin } from './fixtures';

// Every call of the API module is a mock (see fixtures' `api`).
vi.mock('../api/users-admin');

describe('ContactMessages', () => {
  beforeEach(() => {
    resetUsersAdmin();
  });

  test('when messages load, then each shows subject, sender, company, text and whether it was sent', async () => {
    api.getContactMessages.mockResolvedValue([
      message({ subject: 'Convenio empresa', name: 'Luis Pérez', email: 'luis@example.com', company: 'ACME' }),
      message({ subject: 'Horario', status: 'pending', sentAt: null, attempts: 3, message: 'Línea 1\nLínea 2' }),
    ]);
    render(<ContactMessages />);
    const sent = await screen.findByRole('article', { name: 'Convenio empresa' });
    expect(within(sent).getByText('Enviado')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'luis@example.com' })).toHaveAttribute(
      'href',
      'mailto:luis@example.com',
    );
    expect(sent).toHaveTextContent('Luis Pérez');
    expect(sent).toHaveTextContent('ACME');

    const pending = screen.getByRole('article', { name: 'Horario' });
    expect(within(pending).getByText('Pendiente de envío')).toBeInTheDocument();
    expect(pending).toHaveTextContent('3 intentos de envío');
    expect(within(pending).queryByText('Empresa')).not.toBeInTheDocument();
    expect(screen.getByText('2 mensajes')).toBeInTheDocument();
  });

  test('when there are no messages, then it says so', async () => {
    api.getContactMessages.mockResolvedValue([]);
    render(<ContactMessages />);
    expect(await screen.findByText('Todavía no hay mensajes.')).toBeInTheDocument();
  });

  test('when loading fails, then the server message shows, and Actualizar loads again', async () => {
    api.getContactMessages
      .mockRejectedValueOnce(apiError(401, { code: 'UNAUTHENTICATED', message: 'Debes iniciar sesión' }))
      .mockResolvedValueOnce([message({ subject: 'Hola' })]);
    render(<ContactMessages />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar los mensajes. Debes iniciar sesión',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByRole('article', { name: 'Hola' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

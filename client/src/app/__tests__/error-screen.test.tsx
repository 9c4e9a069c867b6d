import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { ErrorScreen, isChunkLoadError } from '../routes/error-screen';

function renderFailingRoute(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <ErrorScreen />,
        lazy: () => Promise.reject(error),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('error screen', () => {
  test('when a code-split screen cannot be downloaded, then a Spanish message offers a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/classes-abc.js'));
    expect(await screen.findByRole('heading', { name: 'No se pudo cargar esta página' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
    expect(screen.queryByText(/dynamically imported/)).toBeNull();
  });

  test('when any other error happens, then the generic screen shows the error text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailingRoute(new Error('algo salió mal'));
    expect(await screen.findByRole('heading', { name: '¡Error inesperado de la aplicación!' })).toBeInTheDocument();
    expect(screen.getByText('algo salió mal')).toBeInTheDocument();
  });

  test('the chunk check knows each browser wording and nothing else', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network Error'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

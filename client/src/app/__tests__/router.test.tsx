import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { routes } from '../router';

function lazyRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
}

describe('the route table', () => {
  afterEach(() => vi.restoreAllMocks());

  test('when a route loads on demand, then it has a fallback to show during the first load', () => {
    const lazy = lazyRoutes(routes);
    expect(lazy.length).toBeGreaterThan(10);
    for (const route of lazy) expect(route.HydrateFallback, route.path ?? '(index)').toBeTypeOf('function');
  });

  test('when a lazy page is the first one loaded, then a spinner shows and React Router warns of nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter(routes, { initialEntries: ['/denegado'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(await screen.findByRole('heading', { name: 'Acceso denegado' })).toBeInTheDocument();
    const messages = warn.mock.calls.map((call) => String(call[0]));
    expect(messages.filter((m) => m.includes('HydrateFallback'))).toEqual([]);
  });
});

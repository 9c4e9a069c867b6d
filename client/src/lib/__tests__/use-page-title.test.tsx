import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_SITE, useUiStore } from '../../features/ui/store';
import { usePageTitle } from '../use-page-title';

function Page({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  afterEach(() => useUiStore.setState({ site: DEFAULT_SITE }));

  test('when a page has a title, then the document says it before the gym name', () => {
    render(<Page title="Clases" />);
    expect(document.title).toBe('Clases · Pulso');
  });

  test('when the server configures another gym name, then the title follows it', () => {
    render(<Page title="Sede Centro" />);
    act(() => useUiStore.setState({ site: { ...DEFAULT_SITE, gymName: 'Gimnasio Norte' } }));
    expect(document.title).toBe('Sede Centro · Gimnasio Norte');
  });

  test('when the page changes, then so does the title; with no title of its own, it is the gym name', () => {
    const { rerender } = render(<Page title="Ingresar" />);
    rerender(<Page title="Crear cuenta" />);
    expect(document.title).toBe('Crear cuenta · Pulso');
    rerender(<Page title={null} />);
    expect(document.title).toBe('Pulso');
  });
});

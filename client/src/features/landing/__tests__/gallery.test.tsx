import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Gallery, GALLERY_INTERVAL_MS } from '../components/gallery';

describe('landing gallery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counter = () => screen.getByLabelText(/^Imagen \d de 3$/).textContent;

  test('when 5 seconds pass, then it advances and shows x/3, wrapping after the third', () => {
    render(<Gallery />);
    expect(counter()).toBe('1/3');
    act(() => vi.advanceTimersByTime(GALLERY_INTERVAL_MS - 1));
    expect(counter()).toBe('1/3');
    act(() => vi.advanceTimersByTime(1));
    expect(counter()).toBe('2/3');
    act(() => vi.advanceTimersByTime(GALLERY_INTERVAL_MS * 2));
    expect(counter()).toBe('1/3');
  });

  test('when hovered, then it stops advancing until the pointer leaves', () => {
    render(<Gallery />);
    const gallery = screen.getByRole('region', { name: 'Galería' });
    fireEvent.mouseEnter(gallery);
    act(() => vi.advanceTimersByTime(GALLERY_INTERVAL_MS * 3));
    expect(counter()).toBe('1/3');
    fireEvent.mouseLeave(gallery);
    act(() => vi.advanceTimersByTime(GALLERY_INTERVAL_MS));
    expect(counter()).toBe('2/3');
  });

  test('when the previous and next buttons are used, then it moves by hand in both directions', () => {
    render(<Gallery />);
    fireEvent.click(screen.getByRole('button', { name: 'Imagen anterior' }));
    expect(counter()).toBe('3/3');
    fireEvent.click(screen.getByRole('button', { name: 'Imagen siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Imagen siguiente' }));
    expect(counter()).toBe('2/3');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fuerza a tu ritmo');
  });
});

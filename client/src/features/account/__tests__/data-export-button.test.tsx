import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { DataExportDto } from '@pulso/shared';
import { apiError } from '../../../test/helpers';
import { exportMyData } from '../api/export';
import { DataExportButton } from '../components/data-export-button';

vi.mock('../api/export');

const DATA = { exportedAt: '2026-11-26T10:00:00.000Z', gym: 'Pulso', payments: [] } as unknown as DataExportDto;

describe("'Descargar mis datos'", () => {
  const created: Blob[] = [];
  const clicked: string[] = [];
  beforeEach(() => {
    created.length = 0;
    clicked.length = 0;
    vi.mocked(exportMyData).mockReset();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:mis-datos';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  test('when pressed, then the data is saved as a dated JSON file and the page says so', async () => {
    vi.mocked(exportMyData).mockResolvedValue(DATA);
    render(<DataExportButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByText('Listo: tus datos se descargaron en un archivo JSON.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(clicked).toEqual(['mis-datos-2026-11-26.json']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0] as Blob);
    });
    expect(JSON.parse(text)).toEqual(DATA);
  });

  test('when the server refuses, then its message shows and nothing is saved', async () => {
    vi.mocked(exportMyData).mockRejectedValue(apiError(401, { code: 'UNAUTHENTICATED', message: 'Tu sesión expiró' }));
    render(<DataExportButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu sesión expiró');
    expect(clicked).toEqual([]);
  });
});

import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { BranchDto } from '@pulso/shared';
import * as api from '../api/branches';
import { HomeBranchField } from '../components/home-branch-field';
import { useBranchesStore } from '../store';

vi.mock('../api/branches');

const branch = (id: string, name: string) => ({ id, name }) as BranchDto;

function Harness({ onChange }: { onChange: (id: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <HomeBranchField
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
      hint="Opcional: la sede donde sueles entrenar."
    />
  );
}

describe("'Sede habitual'", () => {
  beforeEach(() => {
    vi.resetAllMocks();
    useBranchesStore.setState(useBranchesStore.getInitialState(), true);
  });

  test('when the sedes load, then each is a choice besides none, and the chosen one is given', async () => {
    vi.mocked(api.getBranches).mockResolvedValue([
      branch('a'.repeat(24), 'Sede Centro'),
      branch('b'.repeat(24), 'Sede Norte'),
    ]);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sede habitual' });
    expect(select).toHaveAccessibleDescription('Opcional: la sede donde sueles entrenar.');
    await screen.findByRole('option', { name: 'Sede Norte' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Sin sede habitual',
      'Sede Centro',
      'Sede Norte',
    ]);
    await userEvent.selectOptions(select, 'Sede Norte');
    expect(onChange).toHaveBeenLastCalledWith('b'.repeat(24));
    expect(select).toHaveValue('b'.repeat(24));
  });

  test('when the sedes cannot be read, then the field says it can be chosen later', async () => {
    vi.mocked(api.getBranches).mockRejectedValue(new Error('offline'));
    render(<Harness onChange={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Sede habitual' });
    await vi.waitFor(() =>
      expect(select).toHaveAccessibleDescription(
        'No se pudieron cargar las sedes. Puedes elegirla más tarde en tu perfil.',
      ),
    );
  });
});

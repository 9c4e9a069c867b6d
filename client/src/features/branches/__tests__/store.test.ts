import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { BranchDto } from '@pulso/shared';
import { getBranch, getBranches } from '../api/branches';
import { useBranchesStore } from '../store';
import { deferred } from '../../../test/helpers';

vi.mock('../api/branches', () => ({ getBranches: vi.fn(), getBranch: vi.fn() }));

const branch = (name: string) => ({ id: name, name }) as BranchDto;

describe('branches store (a late answer never overwrites a newer one)', () => {
  beforeEach(() => {
    useBranchesStore.setState(useBranchesStore.getInitialState(), true);
    vi.mocked(getBranches).mockReset();
    vi.mocked(getBranch).mockReset();
  });

  test('when the list is asked again before a slow first answer, then the newer list stays', async () => {
    const slow = deferred<BranchDto[]>();
    vi.mocked(getBranches)
      .mockReturnValueOnce(slow.promise)
      .mockResolvedValueOnce([branch('Norte')]);
    const first = useBranchesStore.getState().fetchBranches();
    await useBranchesStore.getState().fetchBranches();
    slow.resolve([branch('Centro')]);
    await first;
    expect(useBranchesStore.getState()).toMatchObject({ status: 'succeeded', items: [branch('Norte')] });
  });
});

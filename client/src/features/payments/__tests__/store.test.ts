import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlanDto } from '@pulso/shared';
import * as payments from '../api/payments';
import { deferred } from '../../../test/helpers';
import { slotFor, usePaymentsStore } from '../store';

vi.mock('../api/payments');

const EMPTY_STORE = usePaymentsStore.getState();
const plan = (id: string, name: string) => ({ id, name }) as PlanDto;

describe('payments store', () => {
  beforeEach(() => {
    vi.mocked(payments.getPlan).mockReset();
    usePaymentsStore.setState(EMPTY_STORE);
  });

  test('when a page reads the slot of another id, then it sees nothing read yet', async () => {
    vi.mocked(payments.getPlan).mockResolvedValue(plan('a', 'Standar'));
    await usePaymentsStore.getState().loadPlan('a');
    expect(slotFor(usePaymentsStore.getState().plan, 'a')).toMatchObject({
      status: 'succeeded',
      value: { name: 'Standar' },
    });
    expect(slotFor(usePaymentsStore.getState().plan, 'b')).toMatchObject({ key: 'b', status: 'idle', value: null });
  });

  test('when an older plan answers after a newer one, then the newer one stays', async () => {
    const slow = deferred<PlanDto>();
    vi.mocked(payments.getPlan).mockReturnValueOnce(slow.promise).mockResolvedValueOnce(plan('b', 'Plus'));
    const first = usePaymentsStore.getState().loadPlan('a');
    await usePaymentsStore.getState().loadPlan('b');
    slow.resolve(plan('a', 'Standar'));
    await first;
    expect(usePaymentsStore.getState().plan).toMatchObject({ key: 'b', status: 'succeeded', value: { name: 'Plus' } });
  });

  test('when a shown plan is read again and that fails, then it stays shown', async () => {
    vi.mocked(payments.getPlan).mockResolvedValueOnce(plan('a', 'Standar')).mockRejectedValueOnce(new Error('down'));
    await usePaymentsStore.getState().loadPlan('a');
    await usePaymentsStore.getState().loadPlan('a');
    expect(usePaymentsStore.getState().plan).toMatchObject({
      key: 'a',
      status: 'succeeded',
      value: { name: 'Standar' },
    });
  });
});

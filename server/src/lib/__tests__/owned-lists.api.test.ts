import { useTestDatabase } from '../../test/db';
import { ownedList } from '../owned-lists';

describe('per-owner lists (lib/owned-lists.ts)', () => {
  useTestDatabase();

  test('when forty ids of one owner are added at once, each several times, then every one is listed once', async () => {
    const list = ownedList('test_owned_lists');
    const ids = Array.from({ length: 40 }, (_, i) => `id-${i}`);
    await Promise.all([...ids, ...ids, ...ids].map((id) => list.add('owner-1', id)));
    const listed = await list.ids('owner-1');
    expect([...listed].sort()).toEqual([...ids].sort());
    expect(await list.ids('owner-2')).toEqual([]);
  });
});

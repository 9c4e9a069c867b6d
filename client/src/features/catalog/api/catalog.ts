import type { schemas } from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

/** An exercise type or a goal, as GET /types and GET /goals send them. */
export type NamedItem = Answer<typeof schemas.namedItem>;

export function getTypes(): Promise<NamedItem[]> {
  return prefetchedOr('/types', async () => (await api.get<NamedItem[]>('/types')).data);
}

export async function getGoals(): Promise<NamedItem[]> {
  const { data } = await api.get<NamedItem[]>('/goals');
  return data;
}

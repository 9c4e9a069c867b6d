import { api } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

/** An exercise type or a goal, as GET /types and GET /goals send them. */
export interface NamedItem {
  id: string;
  name: string;
}

export function getTypes(): Promise<NamedItem[]> {
  return prefetchedOr('/types', async () => (await api.get<NamedItem[]>('/types')).data);
}

export async function getGoals(): Promise<NamedItem[]> {
  const { data } = await api.get<NamedItem[]>('/goals');
  return data;
}

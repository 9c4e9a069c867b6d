import { api } from '../../../lib/api-client';

/** An exercise type or a goal, as GET /types and GET /goals send them. */
export interface NamedItem {
  id: string;
  name: string;
}

export async function getTypes(): Promise<NamedItem[]> {
  const { data } = await api.get<NamedItem[]>('/types');
  return data;
}

export async function getGoals(): Promise<NamedItem[]> {
  const { data } = await api.get<NamedItem[]>('/goals');
  return data;
}

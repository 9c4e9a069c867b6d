import type { StatsDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

export async function getStats(): Promise<StatsDto> {
  const { data } = await api.get<StatsDto>('/stats');
  return data;
}

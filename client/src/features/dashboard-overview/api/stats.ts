import type { OverviewDto, StatsDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

export async function getStats(): Promise<StatsDto> {
  const { data } = await api.get<StatsDto>('/stats');
  return data;
}

/**
 * The overview's charts for the last `days` days at the gym (the server's today, not this device's)
 * and a sede ('' for the chain).
 */
export async function getOverview(query: { days: number; branch: string }): Promise<OverviewDto> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  const { data } = await api.get<OverviewDto>('/stats/overview', { params });
  return data;
}

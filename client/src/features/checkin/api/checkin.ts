import type { CheckinCardDto, CheckinResultDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** The caller's check-in code now (it changes every 30 seconds). */
export async function getCheckinCard(): Promise<CheckinCardDto> {
  const { data } = await api.get<CheckinCardDto>('/checkin/card');
  return data;
}

/** The front desk checks a member in at a sede by the code they show. */
export async function checkIn(code: string, branchId: string): Promise<CheckinResultDto> {
  const { data } = await api.post<CheckinResultDto>('/checkin', { code, branchId });
  return data;
}

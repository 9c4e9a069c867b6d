import type { PublicConfigDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

export async function getPublicConfig(): Promise<PublicConfigDto> {
  const { data } = await api.get<PublicConfigDto>('/config');
  return data;
}

import type { PublicConfigDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

export function getPublicConfig(): Promise<PublicConfigDto> {
  return prefetchedOr('/config', async () => (await api.get<PublicConfigDto>('/config')).data);
}

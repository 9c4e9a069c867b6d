import type { DataExportDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** Everything Pulso holds about the signed-in person. */
export async function exportMyData(): Promise<DataExportDto> {
  const { data } = await api.get<DataExportDto>('/users/export');
  return data;
}

import type { BranchDto, BranchTimetableDto, schemas } from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';
import { prefetchedOr } from '../../../lib/prefetch';

/** Every sede; the API answers `{ branchOffice: [...] }`. */
export async function getBranches(): Promise<BranchDto[]> {
  const data = await prefetchedOr(
    '/branchoffice',
    async () => (await api.get<Answer<typeof schemas.branchList>>('/branchoffice')).data,
  );
  return data.branchOffice;
}

/** One sede; the API answers `{ branchoffice: {...} }`. */
export async function getBranch(id: string): Promise<BranchDto> {
  const { data } = await api.get<Answer<typeof schemas.branchFound>>(`/branchoffice/${encodeURIComponent(id)}`);
  return data.branchoffice;
}

/** A sede's timetable: its classes' sessions of the 7 days from today, with their places. */
export async function getBranchTimetable(id: string): Promise<BranchTimetableDto> {
  const { data } = await api.get<BranchTimetableDto>(`/sessions/branch/${encodeURIComponent(id)}`);
  return data;
}

import type { BranchDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** The fields of a sede that the admin forms send as `officeAttributes` (SPEC §7). */
export interface OfficeFields {
  name: string;
  location: string;
  scheduleDays: string[];
  scheduleHourStart: string;
  scheduleHourFinish: string;
}

/** What the API answers after a create or an update: its Spanish message and the saved sede. */
export interface OfficeSaved {
  message: string;
  branchoffice: BranchDto;
}

/** multipart: the `image` file (when one was chosen) and `officeAttributes` as JSON text. */
function officeForm(fields: OfficeFields, image: File | null): FormData {
  const form = new FormData();
  form.append('officeAttributes', JSON.stringify(fields));
  if (image) form.append('image', image);
  return form;
}

export async function getOffices(): Promise<BranchDto[]> {
  const { data } = await api.get<{ branchOffice: BranchDto[] }>('/branchoffice');
  return data.branchOffice;
}

export async function getOffice(id: string): Promise<BranchDto> {
  const { data } = await api.get<{ branchoffice: BranchDto }>(`/branchoffice/${encodeURIComponent(id)}`);
  return data.branchoffice;
}

export async function createOffice(fields: OfficeFields, image: File): Promise<OfficeSaved> {
  const { data } = await api.post<OfficeSaved>('/branchoffice/create', officeForm(fields, image));
  return data;
}

/** Without a new image the sede keeps the one it has. */
export async function updateOffice(id: string, fields: OfficeFields, image: File | null): Promise<OfficeSaved> {
  const { data } = await api.put<OfficeSaved>(
    `/branchoffice/update/${encodeURIComponent(id)}`,
    officeForm(fields, image),
  );
  return data;
}

export async function deleteOffice(id: string): Promise<string> {
  const { data } = await api.delete<{ message: string }>(`/branchoffice/delete/${encodeURIComponent(id)}`);
  return data.message;
}

import type { BranchDto, schemas } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

/** The fields of a sede that the admin forms send as `officeAttributes`, beside the image file. */
export type BranchFields = Omit<Body<typeof schemas.branchForm.create>, 'image'>;

/** What the API answers after a create or an update: its Spanish message and the saved sede. */
export type BranchSaved = Answer<typeof schemas.branchSaved>;

/** multipart: the `image` file (when one was chosen) and `officeAttributes` as JSON text. */
function branchFormData(fields: BranchFields, image: File | null): FormData {
  const form = new FormData();
  form.append('officeAttributes', JSON.stringify(fields));
  if (image) form.append('image', image);
  return form;
}

export async function getBranches(): Promise<BranchDto[]> {
  const { data } = await api.get<Answer<typeof schemas.branchList>>('/branchoffice');
  return data.branchOffice;
}

export async function getBranch(id: string): Promise<BranchDto> {
  const { data } = await api.get<Answer<typeof schemas.branchFound>>(`/branchoffice/${encodeURIComponent(id)}`);
  return data.branchoffice;
}

export async function createBranch(fields: BranchFields, image: File): Promise<BranchSaved> {
  const { data } = await api.post<BranchSaved>('/branchoffice/create', branchFormData(fields, image));
  return data;
}

/** Without a new image the sede keeps the one it has. */
export async function updateBranch(id: string, fields: BranchFields, image: File | null): Promise<BranchSaved> {
  const { data } = await api.put<BranchSaved>(
    `/branchoffice/update/${encodeURIComponent(id)}`,
    branchFormData(fields, image),
  );
  return data;
}

export async function deleteBranch(id: string): Promise<string> {
  const { data } = await api.delete<Answer<typeof schemas.message>>(`/branchoffice/delete/${encodeURIComponent(id)}`);
  return data.message;
}

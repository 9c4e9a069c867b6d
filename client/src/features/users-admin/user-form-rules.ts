import { validateAdminUserForm, type FieldErrors } from '@pulso/shared';

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  fullName: string;
  email: string;
  phone: string;
  /** Required on create; on edit an empty value keeps the current password. */
  password: string;
  isMonitor: boolean;
  isAdmin: boolean;
}

export const EMPTY_USER_FORM: UserFormValues = {
  fullName: '',
  email: '',
  phone: '',
  password: '',
  isMonitor: false,
  isAdmin: false,
};

/** The rules the API applies to an admin's user form (shared with the server, so both say the same words). */
export function userFormErrors(values: UserFormValues, mode: UserFormMode): FieldErrors {
  return validateAdminUserForm({ ...values }, mode);
}

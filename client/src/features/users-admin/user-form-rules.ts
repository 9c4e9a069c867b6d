import { passwordError, validateTrainerForm, validateUserForm, type FieldErrors } from '@pulso/shared';

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

/**
 * The rules the API applies to an admin's user form (server/src/modules/users/users.validators.ts):
 * the user form's rules of SPEC §5 plus the password rules, or the trainer form's rules when the
 * account is a trainer. The client runs the same ones so both always say the same words.
 */
export function userFormErrors(values: UserFormValues, mode: UserFormMode): FieldErrors {
  const input: Record<string, unknown> = { ...values };
  if (values.isMonitor) return validateTrainerForm(input, mode);
  const errors = validateUserForm(input);
  const passwordProblem = mode === 'create' || values.password !== '' ? passwordError(values.password) : undefined;
  return passwordProblem ? { ...errors, password: passwordProblem } : errors;
}

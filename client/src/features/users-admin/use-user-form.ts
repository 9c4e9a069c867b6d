import { fieldErrors, schemas } from '@pulso/shared';
import { useForm } from '../../lib/use-form';
import type { UserFormBody } from './api/users-admin';

export type UserFormMode = 'create' | 'edit';

/** The admin user form as its inputs hold it; on edit an empty password keeps the current one. */
export type UserFormValues = Omit<Required<UserFormBody>, 'isMonitor' | 'isAdmin'> & {
  isMonitor: boolean;
  isAdmin: boolean;
};

export const EMPTY_USER_FORM: UserFormValues = {
  fullName: '',
  email: '',
  phone: '',
  password: '',
  isMonitor: false,
  isAdmin: false,
  homeBranch: '',
  staffRole: '',
};

/**
 * The admin user form (create page and edit popup), judged by the rules the API applies to an
 * admin's user form: the trainer form's when the account is a trainer, else the user form's.
 */
export function useUserForm(initial: UserFormValues, mode: UserFormMode) {
  const form = useForm<UserFormValues>({
    initial,
    validate: (values) => fieldErrors(schemas.adminUserForm(values, mode), values),
    touchOnBlur: true,
    // Roles change which rules apply, so every server message may be stale then.
    stale: (field) => (field === 'isMonitor' || field === 'isAdmin' || field === 'staffRole' ? 'all' : [field]),
  });
  const { values } = form;
  return {
    ...form,
    /** What the form sends: trimmed, with the password only when one is set or typed. */
    body: (): UserFormBody => ({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      isMonitor: values.isMonitor,
      isAdmin: values.isAdmin,
      homeBranch: values.homeBranch,
      staffRole: values.staffRole,
      ...(mode === 'create' || values.password ? { password: values.password } : {}),
    }),
  };
}

export type UserFormState = ReturnType<typeof useUserForm>;

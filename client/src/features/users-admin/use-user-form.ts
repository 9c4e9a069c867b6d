import { useState } from 'react';
import { hasErrors, type FieldErrors } from '@pulso/shared';
import type { UserFormBody } from './api/users-admin';
import { userFormErrors, type UserFormMode, type UserFormValues } from './user-form-rules';

/**
 * State of the admin user form (create page and edit popup). Rule messages show under a field once it
 * was touched; messages the server gave show until that field changes.
 */
export function useUserForm(initial: UserFormValues, mode: UserFormMode) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof UserFormValues, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const ruleErrors = userFormErrors(values, mode);
  const valid = !hasErrors(ruleErrors) && !hasErrors(serverErrors);
  const visible: FieldErrors = { ...serverErrors };
  for (const [field, message] of Object.entries(ruleErrors)) {
    if (touched[field as keyof UserFormValues]) visible[field] = message;
  }

  function change<K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((e) => {
      // Roles change which rules apply, so every server message may be stale then.
      if (field === 'isMonitor' || field === 'isAdmin') return {};
      return Object.fromEntries(Object.entries(e).filter(([name]) => name !== field));
    });
  }

  function touch(field: keyof UserFormValues) {
    setTouched((t) => ({ ...t, [field]: true }));
  }

  function body(): UserFormBody {
    return {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      isMonitor: values.isMonitor,
      isAdmin: values.isAdmin,
      ...(mode === 'create' || values.password ? { password: values.password } : {}),
    };
  }

  function reset(next: UserFormValues) {
    setValues(next);
    setTouched({});
    setServerErrors({});
  }

  return { values, errors: visible, valid, change, touch, body, reset, setServerErrors };
}

export type UserFormState = ReturnType<typeof useUserForm>;

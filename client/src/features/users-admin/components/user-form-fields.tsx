import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { isSedeScoped, isStaffRole, MESSAGES, STAFF_ROLES } from '@pulso/shared';
import { useAuthStore } from '../../auth/store';
import type { UserFormMode, UserFormState } from '../use-user-form';
import { HomeBranchField } from '../../branches/components/home-branch-field';

interface UserFormFieldsProps {
  form: UserFormState;
  mode: UserFormMode;
}

/** The fields of the admin user form (User), each with its message under it. */
export function UserFormFields({ form, mode }: UserFormFieldsProps) {
  const { values, change } = form;
  // Only administrators and sede managers reach this form; a sede manager gives no roles.
  const grantsRoles = useAuthStore((s) => !isSedeScoped(s.role));
  const passwordHint =
    mode === 'edit' ? t.form.newPasswordHint : values.isMonitor ? t.form.trainerPasswordHint : t.form.passwordHint;
  return (
    <div className="users-admin__fields">
      <Field {...form.bind('fullName')} label={t.form.fullName} autoComplete="off" maxLength={80} />
      <Field {...form.bind('email')} label={t.form.email} type="email" autoComplete="off" maxLength={254} />
      <Field
        {...form.bind('phone')}
        label={t.form.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        hint={t.form.phoneHint}
      />
      <Field
        {...form.bind('password')}
        label={mode === 'edit' ? t.form.newPassword : t.form.password}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        hint={passwordHint}
      />
      {/* Roles are the chain administrator's to give; a sede manager's accounts are their sede's members. */}
      {grantsRoles && (
        <>
          <SelectField
            label={t.form.role}
            name="isMonitor"
            value={values.isMonitor ? 'Si' : 'No'}
            options={[
              { value: 'No', label: t.list.roleMember },
              { value: 'Si', label: t.list.roleTrainer },
            ]}
            onChange={(e) => change('isMonitor', e.target.value === 'Si')}
            hint={values.isMonitor ? t.form.trainerRulesNote : undefined}
          />
          <SelectField
            label={t.form.isAdmin}
            name="isAdmin"
            value={values.isAdmin ? 'Si' : 'No'}
            options={[
              { value: 'No', label: t.form.no },
              { value: 'Si', label: t.form.yes },
            ]}
            onChange={(e) => change('isAdmin', e.target.value === 'Si')}
          />
          <SelectField
            label={t.form.staffRole}
            name="staffRole"
            value={values.staffRole}
            options={[
              { value: '', label: t.form.staffRoleNone },
              ...STAFF_ROLES.map((role) => ({ value: role, label: MESSAGES.users.roles[role] })),
            ]}
            onChange={(e) => change('staffRole', e.target.value)}
            error={form.errorOf('staffRole')}
            hint={isStaffRole(values.staffRole) ? t.form.staffRoleHint[values.staffRole] : undefined}
          />
          <HomeBranchField
            value={values.homeBranch}
            onChange={(id) => change('homeBranch', id)}
            error={form.errorOf('homeBranch')}
          />
        </>
      )}
    </div>
  );
}

interface FormBannerProps {
  valid: boolean;
  validText: string;
  invalidText: string;
}

/** The form's state in one line: 'Datos incompletos!' / 'Todo en orden para dar de alta!' and the edit pair. */
export function FormBanner({ valid, validText, invalidText }: FormBannerProps) {
  return (
    <p className={`users-admin__banner users-admin__banner--${valid ? 'ok' : 'invalid'}`} role="status">
      {valid ? validText : invalidText}
    </p>
  );
}

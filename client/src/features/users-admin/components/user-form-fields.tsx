import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import type { UserFormMode, UserFormState } from '../use-user-form';
import { HomeBranchField } from '../../branches/components/home-branch-field';

interface UserFormFieldsProps {
  form: UserFormState;
  mode: UserFormMode;
}

/** The fields of the admin user form (User), each with its message under it. */
export function UserFormFields({ form, mode }: UserFormFieldsProps) {
  const { values, change } = form;
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
      <HomeBranchField
        value={values.homeBranch}
        onChange={(id) => change('homeBranch', id)}
        error={form.errorOf('homeBranch')}
      />
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

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  BRANCH_START_HOURS,
  endHourChoices,
  fieldErrors,
  MESSAGES,
  schemas,
  WEEKDAYS,
  WHOLE_HOUR_CHOICES,
  type BranchDto,
} from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { Field } from '../../../components/ui/field';
import { CheckboxGroup, SelectField } from '../../../components/ui/form-controls';
import { ImageInput } from '../../../components/ui/image-input';
import { ScreenLoad } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardBranchesEs as t } from '../../../i18n/dashboard-branches';
import { assetUrl } from '../../../lib/asset-url';
import type { Outcome } from '../../../lib/mutation';
import { slotFor } from '../../../lib/resource';
import { useForm } from '../../../lib/use-form';
import type { BranchFields } from '../api/branches-dashboard';
import { toHourChoice } from '../format';
import { useBranchesDashboardStore } from '../store';
import { cancelledNotice, deleteQuestion, branchReport, saveQuestion } from './branch-dialogs';
import '../branches-dashboard.css';

const EMPTY: BranchFields = {
  name: '',
  location: '',
  scheduleDays: [],
  scheduleHourStart: '',
  scheduleHourFinish: '',
};

function initialValues(branch?: BranchDto): BranchFields {
  if (!branch) return EMPTY;
  return {
    name: branch.name,
    location: branch.location,
    scheduleDays: branch.scheduleDays.filter((d) => (WEEKDAYS as readonly string[]).includes(d)),
    scheduleHourStart: toHourChoice(branch.scheduleHourStart),
    scheduleHourFinish: toHourChoice(branch.scheduleHourFinish),
  };
}

/** The end hour must stay later than the start: a start at or after it clears it. */
function keepEndAfterStart(values: BranchFields, field: keyof BranchFields): BranchFields {
  if (field !== 'scheduleHourStart') return values;
  if (endHourChoices(WHOLE_HOUR_CHOICES, values.scheduleHourStart).includes(values.scheduleHourFinish)) return values;
  return { ...values, scheduleHourFinish: '' };
}

type Action = 'save' | 'delete';

/**
 * The sede form of /dashboard/sedes/crear and /dashboard/sedes/editar/{id}.
 * Each field shows its rule's message once touched (all of them after a submit); a submit with
 * errors opens 'Error de validación'. Create sends at once and clears the form; edit asks first, and
 * a cancelled question says 'Acción cancelada'. Every server failure shows its message.
 */
export function BranchForm({ branch }: { branch?: BranchDto }) {
  const editing = Boolean(branch);
  const navigate = useNavigate();
  const ids = useId();
  const { createBranch, updateBranch, deleteBranch } = useBranchesDashboardStore(
    useShallow((s) => ({ createBranch: s.createBranch, updateBranch: s.updateBranch, deleteBranch: s.deleteBranch })),
  );
  const [image, setImage] = useState<File | null>(null);
  // A new key empties the native file input when the form is cleared.
  const [imageKey, setImageKey] = useState(0);
  const form = useForm<BranchFields>({
    initial: () => initialValues(branch),
    validate: (values) =>
      fieldErrors(editing ? schemas.branchForm.update : schemas.branchForm.create, {
        ...values,
        image: image?.name ?? branch?.image ?? '',
      }),
    touchOnBlur: true,
    adjust: keepEndAfterStart,
  });
  const { values, errorOf, change } = form;

  const save = async (): Promise<Outcome<unknown>> => {
    const fields: BranchFields = { ...values, name: values.name.trim(), location: values.location.trim() };
    const outcome = branch ? await updateBranch(branch.id, fields, image) : await createBranch(fields, image as File);
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    else if (!branch) {
      form.reset(EMPTY);
      setImage(null);
      setImageKey((k) => k + 1);
    }
    return outcome;
  };
  const flow = useActionFlow<Action>((action) => (action === 'delete' && branch ? deleteBranch(branch.id) : save()));
  const running = flow.running?.action;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) {
      flow.notify({
        title: MESSAGES.branchForm.createInvalidTitle,
        message: editing ? MESSAGES.branchForm.editInvalid : MESSAGES.branchForm.createInvalid,
        failed: true,
        closeLabel: t.ok,
      });
    } else if (editing) flow.ask('save');
    else flow.send('save');
  };

  return (
    <section className="branch-form" aria-labelledby={`${ids}-title`}>
      <header className="branch-form__header">
        <Link className="back-button" to={paths.dashboardBranches} aria-label={t.backToList}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 id={`${ids}-title`}>{editing ? t.editTitle : t.createTitle}</h1>
      </header>
      <form className="form form-card" onSubmit={onSubmit} noValidate>
        <Field {...form.bind('name')} label={t.nameLabel} maxLength={80} autoComplete="off" required />
        <Field {...form.bind('location')} label={t.addressLabel} maxLength={120} autoComplete="off" required />
        <CheckboxGroup
          legend={t.daysLabel}
          name="scheduleDays"
          options={WEEKDAYS}
          value={values.scheduleDays}
          onChange={(days) => change('scheduleDays', days)}
          error={errorOf('scheduleDays')}
        />
        <fieldset className="branch-form__group">
          <legend className="field__label">{t.scheduleLabel}</legend>
          <div className="branch-form__hours">
            <SelectField
              {...form.bind('scheduleHourStart')}
              label={t.hourStart}
              placeholder={t.select}
              placeholderValue=""
              options={BRANCH_START_HOURS}
            />
            <SelectField
              {...form.bind('scheduleHourFinish')}
              label={t.hourFinish}
              placeholder={t.select}
              placeholderValue=""
              options={endHourChoices(WHOLE_HOUR_CHOICES, values.scheduleHourStart)}
            />
          </div>
        </fieldset>
        <ImageInput
          key={imageKey}
          label={t.imageLabel}
          value={image}
          currentUrl={branch?.image ? assetUrl(branch.image) : null}
          required={!editing}
          error={errorOf('image')}
          onChange={(file) => {
            setImage(file);
            form.edited('image');
          }}
        />
        {editing && <p className="field__hint">{t.imageHintEdit}</p>}
        <div className="form-actions">
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={running !== undefined}
              onClick={() => flow.ask('delete')}
            >
              {running === 'delete' ? t.deleting : t.delete}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={running !== undefined}>
            {running === 'save' ? (editing ? t.saving : t.creating) : editing ? t.save : t.submitCreate}
          </button>
        </div>
      </form>

      <ActionDialogs
        flow={flow}
        ask={(action) => (action === 'save' || !branch ? saveQuestion : deleteQuestion(branch))}
        report={(_action, outcome) => branchReport(outcome, () => void navigate(paths.dashboardBranches))}
        declined={cancelledNotice}
      />
    </section>
  );
}

/** /dashboard/sedes/editar/{id}: loads the sede, then shows its form. */
export function BranchEditScreen({ id }: { id: string }) {
  const fetchBranch = useBranchesDashboardStore((s) => s.fetchBranch);
  const {
    value: branch,
    status,
    error,
  } = slotFor(
    useBranchesDashboardStore((s) => s.current),
    id,
  );

  useEffect(() => {
    void fetchBranch(id);
  }, [id, fetchBranch]);

  return (
    <ScreenLoad
      ready={status === 'succeeded' && !!branch}
      failed={status === 'failed' ? t.loadOneError : null}
      error={error}
      loading={t.loading}
      onRetry={() => void fetchBranch(id)}
      back={{ label: t.backToList, to: paths.dashboardBranches }}
      className="branch-form"
    >
      {branch && <BranchForm key={branch.id} branch={branch} />}
    </ScreenLoad>
  );
}

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
import type { OfficeFields } from '../api/offices-dashboard';
import { toHourChoice } from '../format';
import { useOfficesDashboardStore } from '../store';
import { cancelledNotice, deleteQuestion, officeReport, saveQuestion } from './office-dialogs';
import '../offices-dashboard.css';

const EMPTY: OfficeFields = {
  name: '',
  location: '',
  scheduleDays: [],
  scheduleHourStart: '',
  scheduleHourFinish: '',
};

function initialValues(office?: BranchDto): OfficeFields {
  if (!office) return EMPTY;
  return {
    name: office.name,
    location: office.location,
    scheduleDays: office.scheduleDays.filter((d) => (WEEKDAYS as readonly string[]).includes(d)),
    scheduleHourStart: toHourChoice(office.scheduleHourStart),
    scheduleHourFinish: toHourChoice(office.scheduleHourFinish),
  };
}

/** The end hour must stay later than the start: a start at or after it clears it. */
function keepEndAfterStart(values: OfficeFields, field: keyof OfficeFields): OfficeFields {
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
export function OfficeForm({ office }: { office?: BranchDto }) {
  const editing = Boolean(office);
  const navigate = useNavigate();
  const ids = useId();
  const { createOffice, updateOffice, deleteOffice } = useOfficesDashboardStore(
    useShallow((s) => ({ createOffice: s.createOffice, updateOffice: s.updateOffice, deleteOffice: s.deleteOffice })),
  );
  const [image, setImage] = useState<File | null>(null);
  // A new key empties the native file input when the form is cleared.
  const [imageKey, setImageKey] = useState(0);
  const form = useForm<OfficeFields>({
    initial: () => initialValues(office),
    validate: (values) =>
      fieldErrors(editing ? schemas.branchForm.update : schemas.branchForm.create, {
        ...values,
        image: image?.name ?? office?.image ?? '',
      }),
    touchOnBlur: true,
    adjust: keepEndAfterStart,
  });
  const { values, errorOf, change } = form;

  const save = async (): Promise<Outcome<unknown>> => {
    const fields: OfficeFields = { ...values, name: values.name.trim(), location: values.location.trim() };
    const outcome = office ? await updateOffice(office.id, fields, image) : await createOffice(fields, image as File);
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    else if (!office) {
      form.reset(EMPTY);
      setImage(null);
      setImageKey((k) => k + 1);
    }
    return outcome;
  };
  const flow = useActionFlow<Action>((action) => (action === 'delete' && office ? deleteOffice(office.id) : save()));
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
    <section className="office-form" aria-labelledby={`${ids}-title`}>
      <header className="office-form__header">
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
        <fieldset className="office-form__group">
          <legend className="field__label">{t.scheduleLabel}</legend>
          <div className="office-form__hours">
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
          currentUrl={office?.image ? assetUrl(office.image) : null}
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
        ask={(action) => (action === 'save' || !office ? saveQuestion : deleteQuestion(office))}
        report={(_action, outcome) => officeReport(outcome, () => void navigate(paths.dashboardBranches))}
        declined={cancelledNotice}
      />
    </section>
  );
}

/** /dashboard/sedes/editar/{id}: loads the sede, then shows its form. */
export function OfficeEditScreen({ id }: { id: string }) {
  const fetchOffice = useOfficesDashboardStore((s) => s.fetchOffice);
  const {
    value: office,
    status,
    error,
  } = slotFor(
    useOfficesDashboardStore((s) => s.current),
    id,
  );

  useEffect(() => {
    void fetchOffice(id);
  }, [id, fetchOffice]);

  return (
    <ScreenLoad
      ready={status === 'succeeded' && !!office}
      failed={status === 'failed' ? t.loadOneError : null}
      error={error}
      loading={t.loading}
      onRetry={() => void fetchOffice(id)}
      back={{ label: t.backToList, to: paths.dashboardBranches }}
      className="office-form"
    >
      {office && <OfficeForm key={office.id} office={office} />}
    </ScreenLoad>
  );
}

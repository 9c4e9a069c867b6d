import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  hasErrors,
  SELECT_PLACEHOLDER,
  WEEKDAYS,
  type FieldErrors,
  type LessonDto,
  type LessonListItemDto,
  type MonitorDto,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { ImageInput } from '../../../components/ui/image-input';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { dashboardClassesEs } from '../../../i18n/dashboard-classes';
import { assetUrl } from '../../../lib/asset-url';
import {
  EMPTY_LESSON_FORM,
  finishHours,
  isComplete,
  lessonFormErrors,
  SCHEDULE_FIELDS,
  scheduleErrors,
  START_HOURS,
  toAttributes,
  valuesOf,
  type LessonFormValues,
} from '../form';
import { useLessonsDashboardStore, type ActionResult, type OfficeOption } from '../store';
import { CheckboxGroup, SelectField, TextAreaField } from './form-controls';
import { BackIcon } from '../../../components/ui/icons';

const t = dashboardClassesEs.form;

interface LessonFormProps {
  /** The class being edited; absent on the create screen. */
  lesson?: LessonDto | null;
  types: string[];
  goals: string[];
  /** The trainers a class can be given. */
  monitors: Pick<MonitorDto, 'id' | 'fullName' | 'email'>[];
  /** The sedes, with the days and hours a class held there must fit. */
  offices: OfficeOption[];
  /** The current classes, to tell whether the chosen trainer is free at the chosen hours. */
  lessons: LessonListItemDto[];
}

type Action = 'create' | 'update' | 'delete';
type Dialog = { kind: 'confirm'; action: Action } | { kind: 'result'; action: Action; result: ActionResult } | null;

const AVAILABILITY = ['Activa', 'Inactiva'] as const;

/** Options plus any current value the server no longer offers, so editing never drops it silently. */
const withValues = (options: string[], values: string[]) => [...new Set([...options, ...values])];

/** The same for choices made by id: the current one keeps its name as label. */
function withChoice(options: { value: string; label: string }[], current: { value: string | null; label: string }) {
  if (!current.value || options.some((o) => o.value === current.value)) return options;
  return [...options, { value: current.value, label: current.label }];
}

/** Trainers by id; two with the same full name are told apart by their e-mail. */
function trainerOptions(monitors: LessonFormProps['monitors']): { value: string; label: string }[] {
  const count = new Map<string, number>();
  for (const m of monitors) count.set(m.fullName, (count.get(m.fullName) ?? 0) + 1);
  return monitors.map((m) => ({
    value: m.id,
    label: (count.get(m.fullName) ?? 0) > 1 ? t.trainerOption(m.fullName, m.email) : m.fullName,
  }));
}

/**
 * The lesson form of /dashboard/clases/crear and /dashboard/clases/editar/{id} (SPEC §2.17, §4, §5).
 * Each field shows its §5 message once touched (on the edit screen at once), and an available class
 * also the server's schedule messages (its sede's days and hours, its trainer's other classes).
 * Create waits for every field and no errors; 'Guardar cambios' waits for no errors. Every action
 * asks first, then a result dialog offers 'Volver a Clases'.
 */
export function LessonForm({ lesson, types, goals, monitors, offices, lessons }: LessonFormProps) {
  const editing = !!lesson;
  const navigate = useNavigate();
  const busy = useLessonsDashboardStore((s) => s.busy);
  const create = useLessonsDashboardStore((s) => s.create);
  const update = useLessonsDashboardStore((s) => s.update);
  const remove = useLessonsDashboardStore((s) => s.remove);

  const [values, setValues] = useState<LessonFormValues>(() => (lesson ? valuesOf(lesson) : EMPTY_LESSON_FORM));
  const [image, setImage] = useState<File | null>(null);
  const [currentImage, setCurrentImage] = useState(lesson?.image ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  // Once created, the class is in the list the schedule rules read: the form is that class now, and
  // must not be judged against itself ('El profesor ya da la clase <itself>').
  const [createdId, setCreatedId] = useState<string | undefined>();

  const imageValue = image?.name ?? currentImage;
  const ruleErrors = lessonFormErrors(values, imageValue, !editing);
  // A field's own rule speaks first; the schedule rules only judge well-formed days and hours.
  const errors: FieldErrors = {
    ...scheduleErrors(values, lesson?.id ?? createdId, offices, lessons),
    ...ruleErrors,
    ...serverErrors,
  };
  const shown = (field: string) => (editing || touched[field] ? errors[field] : undefined);
  const invalid = hasErrors(errors);
  const complete = editing || isComplete(values, image !== null);
  const canSubmit = !busy && !invalid && complete;

  /** A changed field makes the server's word on it stale; for a schedule field, on all of them. */
  const clearServerError = (field: string) => {
    const stale: readonly string[] = (SCHEDULE_FIELDS as readonly string[]).includes(field) ? SCHEDULE_FIELDS : [field];
    setServerErrors((e) => {
      if (!stale.some((key) => key in e)) return e;
      return Object.fromEntries(Object.entries(e).filter(([key]) => !stale.includes(key)));
    });
  };
  const touch = (field: string) => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));
  const change = <K extends keyof LessonFormValues>(field: K, value: LessonFormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A start at or after the chosen end clears the end: its options are only later hours.
      if (field === 'scheduleHourStart' && !finishHours(next.scheduleHourStart).includes(next.scheduleHourFinish)) {
        next.scheduleHourFinish = SELECT_PLACEHOLDER;
      }
      return next;
    });
    touch(field);
    clearServerError(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) setDialog({ kind: 'confirm', action: editing ? 'update' : 'create' });
  };

  const run = async (action: Action) => {
    const attributes = toAttributes(values);
    let result: ActionResult;
    if (action === 'create' && image) result = await create(attributes, image);
    else if (action === 'update' && lesson) result = await update(lesson.id, attributes, image);
    else if (action === 'delete' && lesson) result = await remove(lesson.id);
    else return;
    if (!result.ok && result.fieldErrors) setServerErrors(result.fieldErrors);
    if (result.ok && action === 'create') setCreatedId(result.id);
    if (result.ok && action === 'update') {
      const saved = useLessonsDashboardStore.getState().lesson;
      if (saved?.id === lesson?.id && saved?.image) setCurrentImage(saved.image);
      setImage(null);
    }
    setDialog({ kind: 'result', action, result });
  };

  const backToList = () => void navigate(paths.dashboardClasses);
  /** A class that was just created or deleted has nothing left on this screen: closing goes back. */
  const closeResult = () => {
    if (dialog?.kind === 'result' && dialog.result.ok && dialog.action !== 'update') backToList();
    else setDialog(null);
  };

  const backLink = (
    <Link className="button" to={paths.dashboardClasses}>
      {t.back}
    </Link>
  );

  return (
    <section className="lesson-form" aria-labelledby="lesson-form-title">
      <Link className="lesson-form__back" to={paths.dashboardClasses} aria-label={t.back} title={t.back}>
        <BackIcon />
        <span aria-hidden="true">{dashboardClassesEs.title}</span>
      </Link>
      <h1 id="lesson-form-title" className="lesson-form__title">
        {editing ? t.editTitle : t.createTitle}
      </h1>
      {lesson && (
        <p className="lesson-form__subtitle">
          <strong>{lesson.name}</strong>
          {lesson.monitor && <span>{t.trainerOf(lesson.monitor)}</span>}
        </p>
      )}
      <form className="form lesson-form__grid" onSubmit={onSubmit} noValidate>
        <Field
          label={t.name}
          name="name"
          value={values.name}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => change('name', e.target.value)}
          onBlur={() => touch('name')}
          error={shown('name')}
        />
        <Field
          label={t.shortDescription}
          name="shortDescription"
          value={values.shortDescription}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => change('shortDescription', e.target.value)}
          onBlur={() => touch('shortDescription')}
          error={shown('shortDescription')}
        />
        <div className="lesson-form__wide">
          <TextAreaField
            label={t.description}
            name="description"
            rows={4}
            maxLength={300}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
            onBlur={() => touch('description')}
            error={shown('description')}
          />
        </div>
        <Field
          label={t.effort}
          name="effort"
          inputMode="numeric"
          maxLength={2}
          autoComplete="off"
          value={values.effort}
          onChange={(e) => change('effort', e.target.value)}
          onBlur={() => touch('effort')}
          error={shown('effort')}
        />
        <SelectField
          label={t.isAvailable}
          name="isAvailable"
          placeholder={SELECT_PLACEHOLDER}
          options={AVAILABILITY}
          value={values.isAvailable}
          onChange={(e) => change('isAvailable', e.target.value as LessonFormValues['isAvailable'])}
          onBlur={() => touch('isAvailable')}
          error={shown('isAvailable')}
        />
        <SelectField
          label={t.monitor}
          name="monitor"
          placeholder={SELECT_PLACEHOLDER}
          options={withChoice(trainerOptions(monitors), {
            value: lesson?.monitorId ?? null,
            label: lesson?.monitor ?? '',
          })}
          value={values.monitor}
          onChange={(e) => change('monitor', e.target.value)}
          onBlur={() => touch('monitor')}
          error={shown('monitor')}
        />
        <SelectField
          label={t.branch}
          name="branchoffice"
          placeholder={SELECT_PLACEHOLDER}
          options={withChoice(
            offices.map((o) => ({ value: o.id, label: o.name })),
            { value: lesson?.officeId ?? null, label: lesson?.branchoffice ?? '' },
          )}
          value={values.branchoffice}
          onChange={(e) => change('branchoffice', e.target.value)}
          onBlur={() => touch('branchoffice')}
          error={shown('branchoffice')}
        />
        <SelectField
          label={t.hourStart}
          name="scheduleHourStart"
          placeholder={SELECT_PLACEHOLDER}
          options={START_HOURS}
          value={values.scheduleHourStart}
          onChange={(e) => change('scheduleHourStart', e.target.value)}
          onBlur={() => touch('scheduleHourStart')}
          error={shown('scheduleHourStart')}
        />
        <SelectField
          label={t.hourFinish}
          name="scheduleHourFinish"
          placeholder={SELECT_PLACEHOLDER}
          options={finishHours(values.scheduleHourStart)}
          value={values.scheduleHourFinish}
          onChange={(e) => change('scheduleHourFinish', e.target.value)}
          onBlur={() => touch('scheduleHourFinish')}
          error={shown('scheduleHourFinish')}
        />
        <div className="lesson-form__wide">
          <CheckboxGroup
            legend={t.days}
            name="scheduleDays"
            options={WEEKDAYS}
            value={values.scheduleDays}
            onChange={(days) => change('scheduleDays', days)}
            error={shown('scheduleDays')}
          />
        </div>
        <div className="lesson-form__wide">
          <CheckboxGroup
            legend={t.types}
            name="types"
            options={withValues(types, values.types)}
            value={values.types}
            onChange={(chosen) => change('types', chosen)}
            error={shown('types')}
          />
        </div>
        <div className="lesson-form__wide">
          <CheckboxGroup
            legend={t.goals}
            name="goals"
            options={withValues(goals, values.goals)}
            value={values.goals}
            onChange={(chosen) => change('goals', chosen)}
            error={shown('goals')}
          />
        </div>
        <div className="lesson-form__wide">
          <ImageInput
            label={t.image}
            value={image}
            currentUrl={currentImage ? assetUrl(currentImage) : null}
            required={!editing}
            onChange={(file) => {
              setImage(file);
              touch('image');
              clearServerError('image');
            }}
            error={shown('image')}
          />
        </div>
        <div className="lesson-form__actions lesson-form__wide">
          {!editing && !canSubmit && !busy && (
            <p className="field__hint" id="lesson-form-hint">
              {complete ? t.fixErrors : t.required}
            </p>
          )}
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={!!busy}
              onClick={() => setDialog({ kind: 'confirm', action: 'delete' })}
            >
              {t.delete}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={!canSubmit}
            aria-describedby={!editing && !canSubmit ? 'lesson-form-hint' : undefined}
          >
            {busy === 'create' || busy === 'update' ? t.working : editing ? t.submitEdit : t.submitCreate}
          </button>
        </div>
      </form>

      {dialog?.kind === 'confirm' && (
        <Modal
          title={t.confirmTitle}
          role="alertdialog"
          onClose={() => !busy && setDialog(null)}
          actions={
            <>
              {backLink}
              <button type="button" className="button" disabled={!!busy} onClick={() => setDialog(null)} data-autofocus>
                {t.cancel}
              </button>
              <button
                type="button"
                className={`button ${dialog.action === 'delete' ? 'button--danger' : 'button--primary'}`}
                disabled={!!busy}
                onClick={() => void run(dialog.action)}
              >
                {busy ? t.working : t.confirm}
              </button>
            </>
          }
        >
          <p className="modal__message">
            {dialog.action === 'create'
              ? t.confirmCreate
              : dialog.action === 'update'
                ? t.confirmEdit
                : t.confirmDelete}
          </p>
        </Modal>
      )}
      {dialog?.kind === 'result' && (
        <Modal
          title={t.resultTitle}
          role="alertdialog"
          onClose={closeResult}
          actions={
            <>
              {(!dialog.result.ok || dialog.action === 'update') && (
                <button type="button" className="button" onClick={() => setDialog(null)}>
                  {t.accept}
                </button>
              )}
              <Link className="button button--primary" to={paths.dashboardClasses} data-autofocus>
                {t.back}
              </Link>
            </>
          }
        >
          <p className={dialog.result.ok ? 'modal__message' : 'modal__message modal__message--error'}>
            {dialog.result.message}
          </p>
        </Modal>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SELECT_PLACEHOLDER, WEEKDAYS, type LessonDto, type LessonListItemDto, type TrainerDto } from '@pulso/shared';
import { ActionDialogs, editorDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { Field } from '../../../components/ui/field';
import { CheckboxGroup, SelectField, TextAreaField } from '../../../components/ui/form-controls';
import { BackIcon } from '../../../components/ui/icons';
import { ImageInput } from '../../../components/ui/image-input';
import { paths } from '../../../config/paths';
import { dashboardLessonsEs } from '../../../i18n/dashboard-lessons';
import { assetUrl } from '../../../lib/asset-url';
import { useForm } from '../../../lib/use-form';
import type { BranchOption } from '../api/lessons-dashboard';
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
import { useLessonsDashboardStore } from '../store';

const t = dashboardLessonsEs.form;

interface LessonFormProps {
  /** The class being edited; absent on the create screen. */
  lesson?: LessonDto | null;
  types: string[];
  goals: string[];
  /** The trainers a class can be given. */
  trainers: Pick<TrainerDto, 'id' | 'fullName' | 'email'>[];
  /** The sedes, with the days and hours a class held there must fit. */
  branches: BranchOption[];
  /** The current classes, to tell whether the chosen trainer is free at the chosen hours. */
  lessons: LessonListItemDto[];
}

type Action = 'create' | 'update' | 'delete';

const AVAILABILITY = ['Activa', 'Inactiva'] as const;

/** Options plus any current value the server no longer offers, so editing never drops it silently. */
const withValues = (options: string[], values: string[]) => [...new Set([...options, ...values])];

/** The same for choices made by id: the current one keeps its name as label. */
function withChoice(options: { value: string; label: string }[], current: { value: string | null; label: string }) {
  if (!current.value || options.some((o) => o.value === current.value)) return options;
  return [...options, { value: current.value, label: current.label }];
}

/** Trainers by id; two with the same full name are told apart by their e-mail. */
function trainerOptions(trainers: LessonFormProps['trainers']): { value: string; label: string }[] {
  const count = new Map<string, number>();
  for (const m of trainers) count.set(m.fullName, (count.get(m.fullName) ?? 0) + 1);
  return trainers.map((m) => ({
    value: m.id,
    label: (count.get(m.fullName) ?? 0) > 1 ? t.trainerOption(m.fullName, m.email) : m.fullName,
  }));
}

/** A start at or after the chosen end clears the end: its options are only later hours. */
function keepEndAfterStart(values: LessonFormValues, field: keyof LessonFormValues): LessonFormValues {
  if (field !== 'scheduleHourStart' || finishHours(values.scheduleHourStart).includes(values.scheduleHourFinish)) {
    return values;
  }
  return { ...values, scheduleHourFinish: SELECT_PLACEHOLDER };
}

/** A change to a schedule field makes the server's word on every schedule field stale. */
const staleWith = (field: string) =>
  (SCHEDULE_FIELDS as readonly string[]).includes(field) ? SCHEDULE_FIELDS : [field];

/**
 * The lesson form of /dashboard/clases/crear and /dashboard/clases/editar/{id}.
 * Each field shows its message once touched (on the edit screen at once), and an available class
 * also the server's schedule messages (its sede's days and hours, its trainer's other classes).
 * Create waits for every field and no errors; 'Guardar cambios' waits for no errors. Every action
 * asks first, then a result dialog offers 'Volver a Clases'.
 */
export function LessonForm({ lesson, types, goals, trainers, branches, lessons }: LessonFormProps) {
  const editing = !!lesson;
  const navigate = useNavigate();
  const create = useLessonsDashboardStore((s) => s.create);
  const update = useLessonsDashboardStore((s) => s.update);
  const remove = useLessonsDashboardStore((s) => s.remove);

  const [image, setImage] = useState<File | null>(null);
  const [currentImage, setCurrentImage] = useState(lesson?.image ?? '');
  // Once created, the class is in the list the schedule rules read: the form is that class now, and
  // must not be judged against itself ('El profesor ya da la clase <itself>').
  const [createdId, setCreatedId] = useState<string | undefined>();
  const form = useForm<LessonFormValues>({
    initial: () => (lesson ? valuesOf(lesson) : EMPTY_LESSON_FORM),
    // A field's own rule speaks first; the schedule rules only judge well-formed days and hours.
    validate: (values) => ({
      ...scheduleErrors(values, lesson?.id ?? createdId, branches, lessons),
      ...lessonFormErrors(values, image?.name ?? currentImage, !editing),
    }),
    showAll: editing,
    touchOnBlur: true,
    stale: staleWith,
    adjust: keepEndAfterStart,
  });
  const { values, errorOf, change } = form;

  const flow = useActionFlow<Action>(async (action) => {
    const attributes = toAttributes(values);
    if (action === 'delete' && lesson) return remove(lesson.id);
    const outcome = lesson ? await update(lesson.id, attributes, image) : await create(attributes, image as File);
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    else if (lesson) {
      if (outcome.value.image) setCurrentImage(outcome.value.image);
      setImage(null);
    } else setCreatedId(outcome.value.id);
    return outcome;
  });
  const running = flow.running?.action;
  const complete = editing || isComplete(values, image !== null);
  const canSubmit = !running && form.valid && complete;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) flow.ask(editing ? 'update' : 'create');
  };

  const back = { label: t.back, to: paths.dashboardLessons };

  return (
    <section className="lesson-form" aria-labelledby="lesson-form-title">
      <Link className="back-link" to={paths.dashboardLessons} aria-label={t.back} title={t.back}>
        <BackIcon />
        <span aria-hidden="true">{dashboardLessonsEs.title}</span>
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
        <Field {...form.bind('name')} label={t.name} maxLength={40} autoComplete="off" />
        <Field {...form.bind('shortDescription')} label={t.shortDescription} maxLength={80} autoComplete="off" />
        <div className="lesson-form__wide">
          <TextAreaField {...form.bind('description')} label={t.description} rows={4} maxLength={300} />
        </div>
        <Field {...form.bind('effort')} label={t.effort} inputMode="numeric" maxLength={2} autoComplete="off" />
        <Field {...form.bind('capacity')} label={t.capacity} inputMode="numeric" maxLength={4} autoComplete="off" />
        <SelectField
          {...form.bind('isAvailable')}
          label={t.isAvailable}
          placeholder={SELECT_PLACEHOLDER}
          options={AVAILABILITY}
        />
        <SelectField
          {...form.bind('monitor')}
          label={t.trainer}
          placeholder={SELECT_PLACEHOLDER}
          options={withChoice(trainerOptions(trainers), {
            value: lesson?.monitorId ?? null,
            label: lesson?.monitor ?? '',
          })}
        />
        <SelectField
          {...form.bind('branchoffice')}
          label={t.branch}
          placeholder={SELECT_PLACEHOLDER}
          options={withChoice(
            branches.map((o) => ({ value: o.id, label: o.name })),
            { value: lesson?.officeId ?? null, label: lesson?.branchoffice ?? '' },
          )}
        />
        <SelectField
          {...form.bind('scheduleHourStart')}
          label={t.hourStart}
          placeholder={SELECT_PLACEHOLDER}
          options={START_HOURS}
        />
        <SelectField
          {...form.bind('scheduleHourFinish')}
          label={t.hourFinish}
          placeholder={SELECT_PLACEHOLDER}
          options={finishHours(values.scheduleHourStart)}
        />
        <div className="lesson-form__wide">
          <CheckboxGroup
            legend={t.days}
            name="scheduleDays"
            options={WEEKDAYS}
            value={values.scheduleDays}
            onChange={(days) => change('scheduleDays', days)}
            error={errorOf('scheduleDays')}
          />
        </div>
        <div className="lesson-form__wide">
          <CheckboxGroup
            legend={t.types}
            name="types"
            options={withValues(types, values.types)}
            value={values.types}
            onChange={(chosen) => change('types', chosen)}
            error={errorOf('types')}
          />
        </div>
        <div className="lesson-form__wide">
          <CheckboxGroup
            legend={t.goals}
            name="goals"
            options={withValues(goals, values.goals)}
            value={values.goals}
            onChange={(chosen) => change('goals', chosen)}
            error={errorOf('goals')}
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
              form.edited('image');
            }}
            error={errorOf('image')}
          />
        </div>
        <div className="lesson-form__actions lesson-form__wide">
          {!editing && !canSubmit && !running && (
            <p className="field__hint" id="lesson-form-hint">
              {complete ? t.fixErrors : t.required}
            </p>
          )}
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={!!running}
              onClick={() => flow.ask('delete')}
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
            {running === 'create' || running === 'update' ? t.working : editing ? t.submitEdit : t.submitCreate}
          </button>
        </div>
      </form>

      <ActionDialogs
        flow={flow}
        {...editorDialogs(
          {
            ...t,
            questions: { create: t.confirmCreate, update: t.confirmEdit, delete: t.confirmDelete },
            back,
            backInQuestion: true,
          },
          () => void navigate(paths.dashboardLessons),
        )}
      />
    </section>
  );
}

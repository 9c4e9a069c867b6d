import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  fieldErrors,
  schemas,
  SESSION_PLANNING_DAYS,
  type ClassSessionDto,
  type LessonDto,
  type TrainerDto,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { SelectField, TextAreaField } from '../../../components/ui/form-controls';
import { ListState, LoadFailure } from '../../../components/ui/load-state';
import { Modal, ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import type { Outcome } from '../../../lib/mutation';
import { slotFor } from '../../../lib/resource';
import { useForm } from '../../../lib/use-form';
import { getLessonById, getTrainers } from '../../lessons-dashboard/api/lessons-dashboard';
import { useSessionsAdminStore } from '../admin-store';
import { RosterAttendance } from './roster-attendance';
import { RosterLists } from './roster-lists';
import '../bookings.css';

const t = es.bookings;
const a = t.admin;

const labelOf = (session: ClassSessionDto) => `${t.dayLabel(session.date)}, ${t.hours(session.start, session.end)}`;

/** The class and its possible substitutes, for the title and the change form. */
function useLessonAndTrainers(lessonId: string) {
  const [lesson, setLesson] = useState<LessonDto | null>(null);
  const [trainers, setTrainers] = useState<TrainerDto[] | null>(null);
  const [trainersFailed, setTrainersFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getLessonById(lessonId).then(
      (found) => live && setLesson(found),
      () => undefined,
    );
    getTrainers().then(
      (found) => live && setTrainers(found),
      () => live && setTrainersFailed(true),
    );
    return () => {
      live = false;
    };
  }, [lessonId]);
  return { lesson, trainers, trainersFailed };
}

/**
 * /dashboard/clases/sesiones/:id: a class's sessions of the next weeks, each with its places, its
 * waitlist and its state; the admin opens a session's list of people, gives it its own capacity
 * or a substitute trainer, or cancels it with a reason (the people booked are e-mailed).
 */
export function SessionsAdmin({ lessonId }: { lessonId: string }) {
  const { planned, busy, fetchPlanned, change, cancel } = useSessionsAdminStore(
    useShallow((s) => ({
      planned: s.planned,
      busy: s.busy,
      fetchPlanned: s.fetchPlanned,
      change: s.change,
      cancel: s.cancel,
    })),
  );
  const { lesson, trainers, trainersFailed } = useLessonAndTrainers(lessonId);
  const { value: sessions, status, error } = slotFor(planned, lessonId);
  const [open, setOpen] = useState<{ kind: 'roster' | 'change' | 'cancel'; session: ClassSessionDto } | null>(null);
  const [result, setResult] = useState<Outcome | null>(null);

  useEffect(() => {
    void fetchPlanned(lessonId);
  }, [lessonId, fetchPlanned]);

  const name = lesson?.name ?? sessions?.[0]?.lessonName;
  const finish = (outcome: Outcome) => {
    if (outcome.ok) setOpen(null);
    setResult(outcome);
    if (!outcome.ok) void fetchPlanned(lessonId, { quiet: true });
    return outcome;
  };

  const list = sessions ?? [];
  let body = null;
  if (status === 'succeeded' && list.length > 0) {
    body = (
      <ul className="sessions sessions--admin">
        {list.map((session) => {
          const labelId = `admin-session-${session.id.replace(/[^\w-]/g, '-')}`;
          return (
            <li key={session.id} className="session" aria-labelledby={labelId}>
              <div className="session__when">
                <strong id={labelId}>{t.dayLabel(session.date)}</strong>
                <span>{t.hours(session.start, session.end)}</span>
                {session.substitute && <span>{t.substitute(session.substitute)}</span>}
              </div>
              <div className="session__places">
                {session.cancelled ? (
                  <p className="session__places--full">{t.cancelledBecause(session.cancelReason)}</p>
                ) : (
                  <>
                    <p>{a.places(session.taken, session.capacity)}</p>
                    {session.waiting > 0 && <p>{t.waiting(session.waiting)}</p>}
                    <p className="session__muted">{session.bookable ? a.open : a.notOpen}</p>
                    {lesson && session.capacity !== lesson.capacity && (
                      <p className="session__muted">{a.ownCapacity}</p>
                    )}
                  </>
                )}
              </div>
              <div className="session__action session__action--admin">
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setOpen({ kind: 'roster', session })}
                  aria-describedby={labelId}
                >
                  {a.roster}
                </button>
                {!session.cancelled && (
                  <>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setOpen({ kind: 'change', session })}
                      aria-describedby={labelId}
                      disabled={busy === session.id}
                    >
                      {a.change}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setOpen({ kind: 'cancel', session })}
                      aria-describedby={labelId}
                      disabled={busy === session.id}
                    >
                      {a.cancel}
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="sessions-admin" aria-labelledby="sessions-admin-title">
      <p className="sessions-admin__back">
        <Link to={paths.dashboardLessons}>{a.back}</Link>
      </p>
      <h1 id="sessions-admin-title" className="sessions-admin__title">
        {name ? a.title(name) : a.titleGeneric}
      </h1>
      <p className="sessions-admin__intro">{a.intro(Math.round(SESSION_PLANNING_DAYS.default / 7))}</p>
      <ListState
        load={{ status, error }}
        count={list.length}
        texts={{ loading: a.loading, loadError: a.loadError, empty: a.none }}
        onRetry={() => void fetchPlanned(lessonId)}
      />
      {body}
      {open?.kind === 'roster' && <RosterDialog session={open.session} onClose={() => setOpen(null)} />}
      {open?.kind === 'change' && (
        <ChangeDialog
          session={open.session}
          lesson={lesson}
          trainers={trainers}
          trainersFailed={trainersFailed}
          busy={busy === open.session.id}
          onSubmit={async (values) => finish(await change(open.session, values))}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'cancel' && (
        <CancelDialog
          session={open.session}
          busy={busy === open.session.id}
          onSubmit={async (reason) => finish(await cancel(open.session, reason))}
          onClose={() => setOpen(null)}
        />
      )}
      {result && <ResultModal message={result.message} failed={!result.ok} onClose={() => setResult(null)} />}
    </section>
  );
}

/** Who has a place (by seat), who waits (in order) and who cancelled late. */
function RosterDialog({ session, onClose }: { session: ClassSessionDto; onClose: () => void }) {
  const { roster, fetchRoster, checkIn, busy } = useSessionsAdminStore(
    useShallow((s) => ({ roster: s.roster, fetchRoster: s.fetchRoster, checkIn: s.checkIn, busy: s.busy })),
  );
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const { value, status, error } = slotFor(roster, session.id);
  useEffect(() => {
    void fetchRoster(session.id);
  }, [session.id, fetchRoster]);

  let body;
  if (status === 'failed') {
    body = <LoadFailure text={a.rosterError} error={error} onRetry={() => void fetchRoster(session.id)} />;
  } else if (!value) body = <Spinner label={a.rosterLoading} />;
  else {
    body = (
      <>
        <p className={answer && !answer.ok ? 'alert alert--error' : 'roster__answer'} role="status">
          {answer?.message}
        </p>
        <RosterLists
          roster={value}
          placeExtra={(p) => (
            <RosterAttendance
              place={p}
              open={!session.cancelled}
              busy={busy === `${session.id}|${p.memberId}`}
              onCheckIn={() => void checkIn(session.id, p.memberId).then(setAnswer)}
            />
          )}
        />
      </>
    );
  }

  return (
    <Modal
      title={a.rosterTitle(labelOf(session))}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {a.close}
        </button>
      }
    >
      {body}
    </Modal>
  );
}

/** A dialog's two buttons, inside its form: back, and the submit with its label while it runs. */
function FormActions(props: {
  busy: boolean;
  onClose: () => void;
  submit: string;
  busyLabel: string;
  danger?: boolean;
}) {
  return (
    <div className="modal__actions">
      <button type="button" className="button" onClick={props.onClose} disabled={props.busy}>
        {a.keep}
      </button>
      <button
        type="submit"
        className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
        disabled={props.busy}
      >
        {props.busy ? props.busyLabel : props.submit}
      </button>
    </div>
  );
}

/**
 * A session's form in a dialog, closed only when nothing runs. The forms check the shared schema on
 * submit and show the server's messages under their fields when it refuses.
 */
function SessionFormDialog(props: {
  title: string;
  role?: 'dialog' | 'alertdialog';
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={props.title}
      role={props.role}
      onClose={() => {
        if (!props.busy) props.onClose();
      }}
    >
      <form className="form" noValidate onSubmit={props.onSubmit}>
        {props.children}
      </form>
    </Modal>
  );
}

interface ChangeDialogProps {
  session: ClassSessionDto;
  lesson: LessonDto | null;
  trainers: TrainerDto[] | null;
  trainersFailed: boolean;
  busy: boolean;
  onSubmit: (values: { capacity: string; trainerId: string }) => Promise<Outcome>;
  onClose: () => void;
}

/** The session's own capacity and a substitute trainer (the class's trainer: none). */
function ChangeDialog({ session, lesson, trainers, trainersFailed, busy, onSubmit, onClose }: ChangeDialogProps) {
  const substituteId = session.substitute ? (trainers?.find((tr) => tr.fullName === session.substitute)?.id ?? '') : '';
  const form = useForm({
    initial: { capacity: String(session.capacity), trainerId: substituteId },
    validate: (values) => fieldErrors(schemas.sessionChangeForm, values),
    checkOn: 'submit',
  });
  const options = (trainers ?? [])
    .filter((tr) => tr.id !== lesson?.monitorId)
    .map((tr) => ({ value: tr.id, label: tr.fullName }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    const outcome = await onSubmit(form.values);
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
  };

  const trainer = form.bind('trainerId');
  return (
    <SessionFormDialog
      title={a.changeTitle(labelOf(session))}
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Field
        {...form.bind('capacity')}
        label={a.capacity}
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        required
        hint={a.capacityHint}
        data-autofocus
      />
      <SelectField
        {...trainer}
        label={a.trainer}
        error={trainer.error ?? (trainersFailed ? a.trainersError : null)}
        placeholder={a.classTrainer(lesson?.monitor ?? '')}
        placeholderValue=""
        options={options}
      />
      <FormActions busy={busy} onClose={onClose} submit={a.save} busyLabel={a.saving} />
    </SessionFormDialog>
  );
}

interface CancelDialogProps {
  session: ClassSessionDto;
  busy: boolean;
  onSubmit: (reason: string) => Promise<Outcome>;
  onClose: () => void;
}

/** Cancelling a session: the reason is required, and goes to the people booked. */
function CancelDialog({ session, busy, onSubmit, onClose }: CancelDialogProps) {
  const form = useForm({
    initial: { reason: '' },
    validate: (values) => fieldErrors(schemas.sessionCancelForm, values),
    checkOn: 'submit',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    const outcome = await onSubmit(form.values.reason);
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
  };

  return (
    <SessionFormDialog
      title={a.cancelTitle(labelOf(session))}
      role="alertdialog"
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        {...form.bind('reason')}
        label={a.reason}
        hint={a.reasonHint}
        maxLength={200}
        required
        rows={3}
        data-autofocus
      />
      <FormActions busy={busy} onClose={onClose} submit={a.confirmCancel} busyLabel={a.cancelling} danger />
    </SessionFormDialog>
  );
}

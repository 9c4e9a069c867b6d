import { useId, useState, type FormEvent } from 'react';
import {
  addDays,
  currentOrNextPause,
  datedMembership,
  earliestPauseDate,
  membershipAfterPause,
  MESSAGES,
  pauseRefusal,
  pausesWithinAYearOf,
  type MembershipDto,
  type PauseRequest,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ResultModal } from '../../../components/ui/result-modal';
import { profileEs } from '../../../i18n/profile';
import { formatDate, localToday } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { useUiStore } from '../../ui/store';
import { pauseMembership } from '../api/pause';
import './pause-membership.css';

const t = profileEs.pause;

/** The last paused day of a pause ending at `until` (the day before it ends). */
const lastPausedDay = (until: Date | string) => formatDate(new Date(new Date(until).getTime() - 1).toISOString());

/** 'Pausada hasta …' while a pause runs, 'Pausa programada del … al …' before one starts; nothing otherwise. */
export function PauseStatus({ membership }: { membership: MembershipDto }) {
  const pause = currentOrNextPause(datedMembership(membership).pauses, new Date());
  if (!pause) return null;
  const running = pause.from <= new Date();
  return (
    <p className="pause__status" data-testid="pause-status">
      {running
        ? MESSAGES.pauses.pausedUntil(lastPausedDay(pause.until))
        : MESSAGES.pauses.scheduled(formatDate(pause.from.toISOString()), lastPausedDay(pause.until))}
    </p>
  );
}

interface PauseMembershipProps {
  /** Whose membership: the member's own, or the one an admin edits. */
  userId: string;
  membership: MembershipDto;
  /** An admin pauses it: from today, without the yearly count. */
  byStaff?: boolean;
  /** The dialog is open (a parent may open it: the offer before cancelling a renewal). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The membership after a pause. */
  onPaused: (membership: MembershipDto) => void;
}

/** Whether the caller may start another pause now (staff always; a member within the yearly count). */
export function usePauseAllowed(membership: MembershipDto | null, byStaff = false): boolean {
  const rules = useUiStore((s) => s.site.pauses);
  if (!membership) return false;
  if (byStaff) return true;
  const used = pausesWithinAYearOf(datedMembership(membership).pauses, new Date(`${localToday()}T00:00`));
  return rules.perYear > 0 && used < rules.perYear;
}

/** The profile's pause: its status, 'Pausar membresía' while another may be taken, and the dialog. */
export function PauseMembership({
  userId,
  membership,
  byStaff = false,
  open,
  onOpenChange,
  onPaused,
}: PauseMembershipProps) {
  const allowed = usePauseAllowed(membership, byStaff);
  return (
    <div className="pause">
      <PauseStatus membership={membership} />
      {allowed && (
        <button type="button" className="button button--small" onClick={() => onOpenChange(true)}>
          {t.button}
        </button>
      )}
      {open && (
        <PauseDialog
          userId={userId}
          membership={membership}
          byStaff={byStaff}
          onClose={() => onOpenChange(false)}
          onPaused={onPaused}
        />
      )}
    </div>
  );
}

interface PauseDialogProps {
  userId: string;
  membership: MembershipDto;
  byStaff: boolean;
  onClose: () => void;
  onPaused: (membership: MembershipDto) => void;
}

/**
 * 'Pausar membresía': the chain's rules in words, the first day and how many days, what the
 * membership will look like after it (checked with the same rule the server applies, which still
 * decides), and the server's words once it is paused.
 */
export function PauseDialog({ userId, membership, byStaff, onClose, onPaused }: PauseDialogProps) {
  const rules = useUiStore((s) => s.site.pauses);
  const today = localToday();
  const earliest = earliestPauseDate(today, rules, byStaff);
  const [from, setFrom] = useState(earliest);
  const [days, setDays] = useState(String(Math.max(rules.minDays, Math.min(14, rules.maxDays))));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome<MembershipDto> | null>(null);
  const formId = useId();
  const introId = useId();

  const current = datedMembership(membership);
  const used = pausesWithinAYearOf(current.pauses, new Date(`${today}T00:00`));
  const count = Number(days);
  const request: PauseRequest | null =
    /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{1,3}$/.test(days)
      ? {
          fromDate: from,
          days: count,
          from: new Date(`${from}T00:00`),
          until: new Date(`${addDays(from, count)}T00:00`),
        }
      : null;
  const refusal = request
    ? pauseRefusal(current, request, rules, today, byStaff)
    : /^\d{1,3}$/.test(days)
      ? MESSAGES.pauses.fromInvalid
      : MESSAGES.pauses.daysInvalid;
  const preview =
    request && !refusal
      ? t.preview(
          formatDate(request.from.toISOString()),
          lastPausedDay(request.until),
          formatDate(membershipAfterPause(current, request).end.toISOString()),
        )
      : null;

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !request || refusal) return;
    setBusy(true);
    const outcome = await mutate(() => pauseMembership(userId, from, count));
    setBusy(false);
    setResult(outcome);
    if (outcome.ok) onPaused(outcome.value);
  };

  if (result?.ok) {
    return (
      // Its own modal (a key of its own): focus moves to 'Aceptar' as it opens.
      <ResultModal key="done" title={t.doneTitle} message={result.message} acceptLabel={t.accept} onClose={close} />
    );
  }

  const serverError = result && !result.ok ? result.message : null;
  const shownError = serverError ?? (request || days ? refusal : null);

  return (
    <Modal
      key="form"
      title={t.title}
      onClose={close}
      describedBy={introId}
      actions={
        <>
          <button type="button" className="button" onClick={close} disabled={busy}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy || !!refusal}>
            {busy ? t.submitting : t.confirm}
          </button>
        </>
      }
    >
      <div id={introId}>
        <p>
          {byStaff
            ? t.staffRules(rules.minDays, rules.maxDays)
            : t.memberRules(
                rules.minDays,
                rules.maxDays,
                rules.noticeDays,
                rules.perYear,
                Math.max(0, rules.perYear - used),
              )}
        </p>
        <p>{t.effects}</p>
      </div>
      <form id={formId} className="form pause__form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t.from}
          type="date"
          min={earliest}
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            setResult(null);
          }}
          required
          data-autofocus
        />
        <Field
          label={t.days}
          type="number"
          inputMode="numeric"
          min={rules.minDays}
          max={rules.maxDays}
          step={1}
          value={days}
          hint={t.daysHint(rules.minDays, rules.maxDays)}
          onChange={(event) => {
            setDays(event.target.value);
            setResult(null);
          }}
          required
        />
      </form>
      {preview && !serverError && (
        <p className="pause__preview" role="status">
          {preview}
        </p>
      )}
      {shownError && (
        <p className="alert alert--error" role="alert">
          {shownError}
        </p>
      )}
    </Modal>
  );
}

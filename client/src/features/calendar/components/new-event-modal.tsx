import { useEffect, type FormEvent } from 'react';
import type { CalendarEventDto } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { calendarEs } from '../../../i18n/calendar';
import { useForm } from '../../../lib/use-form';
import { EMPTY_EVENT_FORM, toNewEvent, validateEventForm, type EventFormValues } from '../event-helpers';
import { useCalendarStore } from '../store';

interface NewEventModalProps {
  onClose: () => void;
  /** The event the server saved; the modal closes itself after calling it. */
  onCreated: (event: CalendarEventDto) => void;
}

/** 'Nuevo Evento': title and start/end date-times, checked like the server checks them. */
export function NewEventModal({ onClose, onCreated }: NewEventModalProps) {
  const t = calendarEs;
  const busy = useCalendarStore((s) => s.busy);
  const serverError = useCalendarStore((s) => s.actionError);
  const createEvent = useCalendarStore((s) => s.createEvent);
  const clearActionError = useCalendarStore((s) => s.clearActionError);
  const form = useForm<EventFormValues>({ initial: EMPTY_EVENT_FORM, validate: validateEventForm, checkOn: 'submit' });
  const { values, errorOf } = form;

  useEffect(() => clearActionError, [clearActionError]);

  const change = (field: keyof EventFormValues) => (event: { target: { value: string } }) =>
    form.change(field, event.target.value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    const created = await createEvent(toNewEvent(values));
    if (created) {
      onCreated(created);
      onClose();
    }
  };

  return (
    <Modal title={t.newEvent} onClose={onClose} className="calendar-modal">
      <form className="form calendar-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          {...form.bind('title')}
          label={t.titleLabel}
          placeholder={t.titlePlaceholder}
          autoComplete="off"
          data-autofocus
        />
        <Field {...form.bind('start')} label={t.start} type="datetime-local" />
        <Field label={t.end} type="datetime-local" value={values.end} onChange={change('end')} error={errorOf('end')} />
        {serverError && (
          <p className="alert alert--error calendar-form__error" role="alert">
            {serverError}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t.saving : t.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}

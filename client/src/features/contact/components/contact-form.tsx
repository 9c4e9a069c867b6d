import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_REPLY_HOURS, fieldErrors, RELOAD_DELAY_MS, schemas, type FieldErrors } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { TextAreaField } from '../../../components/ui/form-controls';
import { ResultModal } from '../../../components/ui/modal';
import { es } from '../../../i18n/es';
import type { Outcome } from '../../../lib/mutation';
import { useForm } from '../../../lib/use-form';
import type { ContactMessageBody } from '../api/contact';
import { useContactStore } from '../store';
import '../contact.css';

type FieldName = keyof ContactMessageBody;

const EMPTY: ContactMessageBody = { user_name: '', subject: '', user_email: '', company: '', message: '' };
const ORDER: FieldName[] = ['user_name', 'subject', 'user_email', 'company', 'message'];
const MESSAGE_MAX = 5000;

/**
 * /contactanos: Nombre completo*, Asunto*, Email*, Empresa and a message; 'ENVIAR' posts to
 * /api/contact. The fields are checked on 'ENVIAR' with the shared contact rules (each message shows
 * until its field changes); the outcome shows in a modal, and 2 s after a success the form is
 * cleared.
 */
export function ContactForm() {
  const t = es.site.contact;
  const busy = useContactStore((s) => s.busy);
  const send = useContactStore((s) => s.send);
  const form = useForm<ContactMessageBody>({
    initial: EMPTY,
    validate: (values) => fieldErrors(schemas.contactForm, values),
    checkOn: 'submit',
  });
  const { values } = form;
  const [result, setResult] = useState<Outcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  const focusField = (found: FieldErrors) => {
    const first = ORDER.find((name) => found[name]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.submit()) {
      focusField(form.ruleErrors);
      return;
    }
    const trimmed = Object.fromEntries(ORDER.map((name) => [name, values[name].trim()])) as ContactMessageBody;
    const outcome = await send(trimmed);
    setResult(outcome);
    if (outcome.ok) {
      // reloads the page 2 s after sending; clearing the form keeps the visitor's place instead.
      clearTimer.current = setTimeout(() => form.reset(EMPTY), RELOAD_DELAY_MS);
    } else {
      // A rule only the server checks shows under its field, like the browser's own messages.
      form.showServerErrors(outcome.fieldErrors);
    }
  };

  return (
    <section className="section contact" aria-labelledby="contact-title">
      <div className="contact__card">
        <h1 id="contact-title" className="contact__title">
          {t.title}
        </h1>
        <p className="contact__text">{t.text(CONTACT_REPLY_HOURS)}</p>
        <p className="contact__required">{t.required}</p>
        <form
          ref={formRef}
          className="form contact__form"
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          aria-busy={busy || undefined}
        >
          <div className="contact__row">
            <Field {...form.bind('user_name')} label={t.name} autoComplete="name" required />
            <Field {...form.bind('subject')} label={t.subject} required />
          </div>
          <div className="contact__row">
            <Field
              {...form.bind('user_email')}
              label={t.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <Field {...form.bind('company')} label={t.company} autoComplete="organization" />
          </div>
          <TextAreaField {...form.bind('message')} label={t.message} rows={6} maxLength={MESSAGE_MAX} />
          <button type="submit" className="button button--primary contact__submit" disabled={busy}>
            {busy ? t.sending : t.send}
          </button>
        </form>
      </div>
      {result && (
        <ResultModal
          title={t.resultTitle}
          message={result.message}
          failed={!result.ok}
          closeLabel={t.accept}
          onClose={() => setResult(null)}
        />
      )}
    </section>
  );
}

import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CONTACT_REPLY_HOURS, MESSAGES, RELOAD_DELAY_MS, validateContactForm, type FieldErrors } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { ResultModal } from '../../../components/ui/modal';
import { es } from '../../../i18n/es';
import type { ContactMessageBody } from '../api/contact';
import { useContactStore } from '../store';
import '../contact.css';

type FieldName = keyof ContactMessageBody;

const EMPTY: ContactMessageBody = { user_name: '', subject: '', user_email: '', company: '', message: '' };
const ORDER: FieldName[] = ['user_name', 'subject', 'user_email', 'company', 'message'];
const MESSAGE_MAX = 5000;

/** The shared contact rule (SPEC §5) speaks of name, subject and email; the form's fields are the spec's. */
function validate(values: ContactMessageBody): FieldErrors {
  const rules = validateContactForm({ name: values.user_name, subject: values.subject, email: values.user_email });
  const errors: FieldErrors = {};
  if (rules.name) errors.user_name = rules.name;
  if (rules.subject) errors.subject = rules.subject;
  if (rules.email) errors.user_email = rules.email;
  return errors;
}

/**
 * /contactanos (SPEC §2.6): Nombre completo*, Asunto*, Email*, Empresa and a message; 'ENVIAR' posts to
 * /api/contact. The outcome shows in a modal, and 2 s after a success the form is cleared (§9).
 */
export function ContactForm() {
  const t = es.site.contact;
  const { status, send, reset } = useContactStore(
    useShallow((s) => ({ status: s.status, send: s.send, reset: s.reset })),
  );
  const [values, setValues] = useState<ContactMessageBody>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ message: string; failed: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const messageId = useId();
  const busy = status === 'loading';

  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
      reset();
    },
    [reset],
  );

  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as FieldName;
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((current) =>
      current[name] ? Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)) : current,
    );
  };

  const focusField = (found: FieldErrors) => {
    const first = ORDER.find((name) => found[name]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(found);
      return;
    }
    const sent = await send({
      ...values,
      user_name: values.user_name.trim(),
      subject: values.subject.trim(),
      user_email: values.user_email.trim(),
      company: values.company.trim(),
      message: values.message.trim(),
    });
    if (sent) {
      setResult({ message: MESSAGES.contactForm.sent, failed: false });
      // SPEC §9 reloads the page 2 s after sending; clearing the form keeps the visitor's place instead.
      clearTimer.current = setTimeout(() => {
        setValues(EMPTY);
        setErrors({});
        reset();
      }, RELOAD_DELAY_MS);
    } else {
      const { error, fieldErrors } = useContactStore.getState();
      // A rule only the server checks shows under its field, like the browser's own messages.
      setErrors(fieldErrors);
      setResult({ message: error ?? MESSAGES.contactForm.failed, failed: true });
    }
  };

  const messageError = errors.message;
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
            <Field
              label={t.name}
              name="user_name"
              autoComplete="name"
              required
              value={values.user_name}
              onChange={change}
              error={errors.user_name}
            />
            <Field
              label={t.subject}
              name="subject"
              required
              value={values.subject}
              onChange={change}
              error={errors.subject}
            />
          </div>
          <div className="contact__row">
            <Field
              label={t.email}
              type="email"
              name="user_email"
              autoComplete="email"
              inputMode="email"
              required
              value={values.user_email}
              onChange={change}
              error={errors.user_email}
            />
            <Field
              label={t.company}
              name="company"
              autoComplete="organization"
              value={values.company}
              onChange={change}
              error={errors.company}
            />
          </div>
          <div className={`field${messageError ? ' field--invalid' : ''}`}>
            <label htmlFor={messageId} className="field__label">
              {t.message}
            </label>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              maxLength={MESSAGE_MAX}
              value={values.message}
              onChange={change}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${messageId}-error` : undefined}
            />
            {messageError && (
              <p id={`${messageId}-error`} className="field__error" role="alert">
                {messageError}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary contact__submit" disabled={busy}>
            {busy ? t.sending : t.send}
          </button>
        </form>
      </div>
      {result && (
        <ResultModal
          title={t.resultTitle}
          message={result.message}
          failed={result.failed}
          closeLabel={t.accept}
          onClose={() => setResult(null)}
        />
      )}
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { fieldErrors, HALF_HOUR_CHOICES, LESSON_START_HOURS, schemas, WEEKDAYS } from '@pulso/shared';
import { CheckboxGroup, SelectField } from '../../../components/ui/form-controls';
import { ResultModal } from '../../../components/ui/modal';
import { es } from '../../../i18n/es';
import type { Outcome } from '../../../lib/mutation';
import { useBookingsStore } from '../store';
import '../bookings.css';

const t = es.bookings.wish;

interface WishFormProps {
  lesson: { id: string; name: string; types: string[] };
}

/**
 * 'Esperar un lugar': a wider wait from the class page — any session of this class, or of one of its
 * exercise types, on the chosen weekdays, starting within the chosen band, at any sede.
 */
export function WishForm({ lesson }: WishFormProps) {
  const addWish = useBookingsStore((s) => s.addWish);
  const busy = useBookingsStore((s) => s.busy === 'wish');
  const [target, setTarget] = useState('lesson');
  const [days, setDays] = useState<string[]>([...WEEKDAYS.slice(0, 5)]);
  const [from, setFrom] = useState('18:00');
  const [to, setTo] = useState('20:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Outcome | null>(null);
  const titleId = useId();

  const body = () =>
    target === 'lesson'
      ? { lessonId: lesson.id, type: '', days, from, to }
      : { lessonId: '', type: target.slice('type:'.length), days, from, to };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(schemas.wishForm, body());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await addWish(body());
    if (!outcome.ok) setErrors(outcome.fieldErrors);
    setResult(outcome);
  };

  return (
    <section className="wish-form" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.title}</h2>
      <p>{t.intro}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <SelectField
          label={t.target}
          value={target}
          options={[
            { value: 'lesson', label: t.thisLesson(lesson.name) },
            ...lesson.types.map((type) => ({ value: `type:${type}`, label: t.ofType(type) })),
          ]}
          error={errors.lessonId ?? errors.type}
          onChange={(event) => setTarget(event.target.value)}
        />
        <CheckboxGroup
          legend={t.days}
          name="days"
          options={[...WEEKDAYS]}
          value={days}
          onChange={setDays}
          error={errors.days}
        />
        <div className="wish-form__band">
          <SelectField
            label={t.from}
            value={from}
            options={[...LESSON_START_HOURS]}
            error={errors.from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <SelectField
            label={t.to}
            value={to}
            options={[...HALF_HOUR_CHOICES]}
            error={errors.to}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
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

import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, STAR_RATINGS } from '@pulso/shared';
import { ResultModal } from '../../../components/ui/modal';
import { es } from '../../../i18n/es';
import type { Outcome } from '../../../lib/mutation';
import { useLessonsStore } from '../store';

interface ReviewFormProps {
  lessonId: string;
  userId: string;
  /** The signed-in user is known to have no active membership: say so up front and disable the form. */
  notMember?: boolean;
  /** Called after a review was created (the page reloads its data). */
  onReviewed?: () => void;
  title?: string;
}

const MAX_DESCRIPTION = 500;

/**
 * The rating form of a class: five star radios valued 1 to 5, a description and 'Enviar'.
 * It posts stars, description, userId and lessonId; the outcome shows in the 'Resultado' modal
 * ('Review Creada' or 'No se pudo crear la review' with the server's reason).
 */
export function ReviewForm({ lessonId, userId, notMember, onReviewed, title }: ReviewFormProps) {
  const t = es.lessons.review;
  const ids = useId();
  const firstStar = useRef<HTMLInputElement>(null);
  const [stars, setStars] = useState(0);
  const [description, setDescription] = useState('');
  const [starsError, setStarsError] = useState<string | null>(null);
  const [result, setResult] = useState<Outcome | null>(null);
  const busy = useLessonsStore((s) => s.busy === 'review');
  const sendReview = useLessonsStore((s) => s.sendReview);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!STAR_RATINGS.some((n) => n === stars)) {
      setStarsError(MESSAGES.reviews.starsRange);
      firstStar.current?.focus();
      return;
    }
    const outcome = await sendReview({ stars, description: description.trim(), userId, lessonId });
    setResult(outcome);
    if (outcome.ok) {
      setStars(0);
      setDescription('');
      onReviewed?.();
    }
  };

  return (
    <form
      className="form review-form"
      aria-labelledby={`${ids}-title`}
      aria-describedby={notMember ? `${ids}-note` : undefined}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id={`${ids}-title`} className="review-form__title">
        {title ?? t.title}
      </h2>
      {notMember && (
        <p className="review-form__note" id={`${ids}-note`}>
          {t.membersOnly}
        </p>
      )}
      <fieldset
        className="review-form__stars"
        disabled={notMember}
        role="radiogroup"
        aria-describedby={starsError ? `${ids}-stars-error` : undefined}
        aria-invalid={starsError ? true : undefined}
      >
        <legend className="field__label">{t.stars}</legend>
        <div className="star-input">
          {STAR_RATINGS.map((n) => (
            <label key={n} className={`star-input__star${n <= stars ? ' is-on' : ''}`}>
              <input
                ref={n === 1 ? firstStar : undefined}
                type="radio"
                name={`${ids}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => {
                  setStars(n);
                  setStarsError(null);
                }}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t.star(n)}</span>
            </label>
          ))}
        </div>
        {starsError && (
          <p id={`${ids}-stars-error`} className="field__error" role="alert">
            {starsError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-description`} className="field__label">
          {t.description}
        </label>
        <textarea
          id={`${ids}-description`}
          rows={4}
          maxLength={MAX_DESCRIPTION}
          disabled={notMember}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={`${ids}-hint`}
        />
        <p id={`${ids}-hint`} className="field__hint">
          {t.descriptionHint} ({description.length}/{MAX_DESCRIPTION})
        </p>
      </div>
      <button type="submit" className="button button--primary review-form__submit" disabled={busy || notMember}>
        {busy ? t.sending : t.send}
      </button>
      {result && <ResultModal message={result.message} failed={!result.ok} onClose={() => setResult(null)} />}
    </form>
  );
}

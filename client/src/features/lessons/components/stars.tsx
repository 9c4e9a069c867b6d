interface StarsProps {
  /** 0 to 5, halves shown as a partly filled star. */
  value: number;
  /** What a screen reader hears instead of the stars. */
  label: string;
  size?: 'small' | 'large';
}

/** A read-only row of five stars (average rating, a review's stars). */
export function Stars({ value, label, size = 'small' }: StarsProps) {
  const fill = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label}>
      <span className="stars__base" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars__fill" style={{ width: fill }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}

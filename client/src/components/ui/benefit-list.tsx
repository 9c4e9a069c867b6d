import { benefitList } from '@pulso/shared';

interface BenefitListProps {
  /** The plan's benefits, one text with the benefits separated by commas. */
  benefits: string;
  className?: string;
}

/** A plan's benefits as a list, one item each, instead of one run-on sentence. */
export function BenefitList({ benefits, className }: BenefitListProps) {
  return (
    <ul className={`benefit-list${className ? ` ${className}` : ''}`}>
      {benefitList(benefits).map((benefit, index) => (
        <li key={`${index}-${benefit}`}>{benefit}</li>
      ))}
    </ul>
  );
}

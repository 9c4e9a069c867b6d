import { Link } from 'react-router-dom';
import { planBadge, type PlanDto } from '@pulso/shared';
import { BenefitList } from '../../../components/ui/benefit-list';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { formatPrice } from '../../../lib/format';

interface PlanCardProps {
  plan: PlanDto;
  currency: string;
  /** False when this installation sells no plans online: the card then offers no purchase. */
  buyable?: boolean;
}

/** One plan: name, duration, benefits, price and 'Compra ahora' to /pagos/{id}. */
export function PlanCard({ plan, currency, buyable = true }: PlanCardProps) {
  return (
    <article className={`plan-card plan-card--${planBadge(plan.name)}`} aria-labelledby={`plan-${plan.id}`}>
      <header className="plan-card__header">
        <h3 id={`plan-${plan.id}`} className="plan-card__name">
          {plan.name}
        </h3>
        <p className="plan-card__duration">{es.plans.duration(plan.duration)}</p>
      </header>
      <p className="plan-card__price">
        <strong>{formatPrice(plan.price, currency)}</strong>
        <span>{es.plans.perPeriod(plan.duration)}</span>
      </p>
      {plan.renewing && <p className="plan-card__renews">{es.plans.renewing}</p>}
      <BenefitList className="plan-card__benefits" benefits={plan.benefits} />
      {buyable && (
        <Link className="button button--primary plan-card__buy" to={paths.payment(plan.id)}>
          {es.plans.buy}
        </Link>
      )}
    </article>
  );
}

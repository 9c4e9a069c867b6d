import {
  membershipAfterPurchase,
  MESSAGES,
  type MembershipDto,
  type MembershipSpan,
  type PlanDto,
} from '@pulso/shared';
import { formatDate } from '../../lib/format';

/** The member's membership with dates, as the shared purchase rule takes it. */
function spanOf(membership: MembershipDto): MembershipSpan {
  const dated = (p: { planId: string; name: string; start: string; end: string }) => ({
    planId: p.planId,
    name: p.name,
    start: new Date(p.start),
    end: new Date(p.end),
  });
  return { ...dated(membership), periods: membership.periods.map(dated) };
}

/**
 * What buying `plan` now does to the member's membership, in the words the receipt uses
 * (shared/src/memberships: the same rule the server applies when the payment is confirmed).
 */
export function purchaseNotice(
  membership: MembershipDto | null | undefined,
  plan: Pick<PlanDto, 'id' | 'name' | 'duration'>,
  now = new Date(),
): string {
  const { kind, period, before } = membershipAfterPurchase(membership ? spanOf(membership) : null, plan, now);
  const start = formatDate(period.start.toISOString());
  const end = formatDate(period.end.toISOString());
  const rule = MESSAGES.payments.purchaseRule;
  if (kind === 'renewal') return rule.renewal(plan.name, start, end);
  if (kind === 'change' && before) return rule.change(before.name, plan.name, start, end);
  return rule.new(plan.name, end);
}

/** The plans paid for after the one running now (a plan bought while another runs starts at its end). */
export function upcomingOf(membership: MembershipDto, now = new Date().toISOString()): MembershipDto['periods'] {
  return membership.periods.filter((p) => p.start > now);
}

/** The plan running now, from its start to its end (the whole membership for an older record). */
export function runningPeriod(
  membership: MembershipDto,
  now = new Date().toISOString(),
): { name: string; start: string; end: string } {
  return membership.periods.find((p) => p.start <= now && now < p.end) ?? membership;
}

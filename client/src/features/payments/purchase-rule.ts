import {
  datedMembership,
  membershipAfterPurchase,
  purchaseRuleText,
  type MembershipDto,
  type PlanDto,
} from '@pulso/shared';
import { formatDate } from '../../lib/format';

/**
 * What buying `plan` now does to the member's membership, in the words the receipt uses
 * (shared/src/memberships: the same rule the server applies when the payment is confirmed).
 */
export function purchaseNotice(
  membership: MembershipDto | null | undefined,
  plan: Pick<PlanDto, 'id' | 'name' | 'duration'>,
  now = new Date(),
): string {
  const outcome = membershipAfterPurchase(membership ? datedMembership(membership) : null, plan, now);
  return purchaseRuleText(outcome, plan.name, (date) => formatDate(date.toISOString()));
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

import type { InsightInput } from '@pulso/shared';
import { MembershipLinkModel, type MembershipLinkDoc } from './membership.model';
import { UserModel, type UserDoc } from './users.model';

type Span = InsightInput['members'][number]['spans'][number];
interface Covered {
  start: Date;
  end: Date;
  pauses?: readonly { from: Date; until: Date }[] | null;
}

const spanOf = (m: Covered): Span => ({
  start: m.start.getTime(),
  end: m.end.getTime(),
  pauses: (m.pauses ?? []).map((p) => ({ from: p.from.getTime(), until: p.until.getTime() })),
});

/** Stretches that overlap or touch are one: a renewal that follows on is not a lapse and a new start. */
function merged(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) {
      last.end = Math.max(last.end, span.end);
      last.pauses = [...last.pauses, ...span.pauses];
    } else if (span.end > span.start) {
      out.push({ ...span, pauses: [...span.pauses] });
    }
  }
  return out;
}

/**
 * Every member's history for the overview (issue 24, item 1): the stretches they were covered by a
 * membership, from their membership chain (a 'new' purchase starts a stretch; the steps after it,
 * renewals, changes, pauses and refunds, reshape it) and their membership as it stands now, which
 * is the latest word on the last stretch (accounts written before the chain kept links have only
 * that). A suspension ends the member's last stretch. Read by the job runner, never on a request path: it reads every account and link.
 */
export async function membershipHistories(): Promise<InsightInput['members']> {
  // Both collections are read a document at a time (a chain has tens of thousands of accounts and
  // more links): only each member's stretches stay in memory, not the documents as read.
  const chains = new Map<string, { seq: number; kind: MembershipLinkDoc['kind']; result: Covered }[]>();
  const links = MembershipLinkModel.find({}, { user: 1, seq: 1, kind: 1, result: 1 })
    .lean<MembershipLinkDoc[]>()
    .cursor();
  for await (const link of links as AsyncIterable<MembershipLinkDoc>) {
    const key = link.user.toString();
    const chain = chains.get(key) ?? [];
    chain.push({ seq: link.seq, kind: link.kind, result: link.result });
    chains.set(key, chain);
  }
  const members: InsightInput['members'][number][] = [];
  const users = UserModel.find({ erasedAt: null }, { membership: 1, homeBranch: 1, deletedAt: 1 })
    .lean<UserDoc[]>()
    .cursor();
  for await (const user of users as AsyncIterable<UserDoc>) {
    const id = user._id.toString();
    const chain = (chains.get(id) ?? []).sort((a, b) => a.seq - b.seq);
    chains.delete(id);
    // The last link of each stretch holds it as it ended up.
    const stretches: Covered[] = [];
    for (const link of chain) {
      if (link.kind === 'new' || stretches.length === 0) stretches.push(link.result);
      else stretches[stretches.length - 1] = link.result;
    }
    const now = user.membership;
    if (now) {
      const same = stretches.findIndex((s) => s.start.getTime() === now.start.getTime());
      if (same >= 0) stretches[same] = now;
      else stretches.push(now);
    }
    // A suspended account stopped being a member when it was suspended.
    const cut = user.deletedAt ? user.deletedAt.getTime() : Infinity;
    const spans = stretches.map(spanOf).map((s) => ({ ...s, end: Math.min(s.end, cut) }));
    members.push({ id, sede: user.homeBranch ? user.homeBranch.toString() : null, spans: merged(spans) });
  }
  return members;
}

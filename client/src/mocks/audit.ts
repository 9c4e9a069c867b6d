import {
  auditChanges,
  auditHistoryKey,
  LESSON_CAPACITY,
  MESSAGES,
  parseSessionId,
  type AuditAction,
  type AuditEntity,
  type AuditSnapshot,
  type CheckinResultDto,
} from '@pulso/shared';
import type { AuditRec, MockData, MockDb } from './db';
import type { AuthUser } from './session';

/**
 * The audit trail as the server writes it (server/src/modules/audit): a route declares how its
 * changes are read (`MockAuditSpec`), the mock reads the record before and after a staff member's
 * request and keeps the fields that changed. Snapshots are the server's fields in the same words.
 */

export interface AuditRecord {
  label: string;
  values: AuditSnapshot;
  related?: string[];
}

export type MockSnapshot = (data: MockData, id: string) => AuditRecord | null;

export interface MockAuditSpec {
  entity: AuditEntity;
  /** What the change is; a route doing several kinds (a bulk action) reads it from the body. */
  action: AuditAction | ((body: Record<string, unknown>) => AuditAction);
  /** Several records changed at once (a bulk action): their ids, from the body. */
  targets?: (body: Record<string, unknown>) => string[];
  /** The route's parameter naming the record ('id' by default); none for a creation. */
  param?: string | null;
  snapshot?: MockSnapshot;
  /** A creation's id, or a change the answer tells about (a check-in). */
  fromAnswer?: (answer: never) => { id: string; before?: AuditRecord | null; after?: AuditRecord | null } | null;
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);

export const planSnapshot: MockSnapshot = (data, id) => {
  const plan = data.plans.find((p) => p.id === id);
  if (!plan) return null;
  return {
    label: plan.name,
    values: {
      name: plan.name,
      duration: plan.duration,
      benefits: plan.benefits,
      price: plan.price,
      renewing: !!plan.renewing,
      retired: !!plan.deletedAt,
    },
  };
};

export const branchSnapshot: MockSnapshot = (data, id) => {
  const branch = data.branches.find((b) => b.id === id);
  if (!branch) return null;
  return {
    label: branch.name,
    values: {
      name: branch.name,
      address: branch.location,
      days: branch.scheduleDays.join(', '),
      startTime: branch.scheduleHourStart,
      endTime: branch.scheduleHourFinish,
      image: branch.image || null,
    },
  };
};

export const lessonSnapshot: MockSnapshot = (data, id) => {
  const lesson = data.lessons.find((l) => l.id === id);
  if (!lesson) return null;
  return {
    label: lesson.name,
    values: {
      name: lesson.name,
      description: lesson.description,
      trainer: data.users.find((u) => u.id === lesson.trainer)?.fullName ?? null,
      branch: data.branches.find((b) => b.id === lesson.branch)?.name ?? null,
      days: lesson.scheduleDays.join(', '),
      startTime: lesson.scheduleHourStart,
      endTime: lesson.scheduleHourFinish,
      capacity: lesson.capacity ?? LESSON_CAPACITY.default,
      available: lesson.isAvailable,
      image: lesson.image || null,
      retired: !!lesson.deletedAt,
    },
  };
};

/** The mock keeps passwords in clear (demo accounts in the visitor's browser): the trail keeps a stand-in that changes with it. */
const fingerprint = (password: string) =>
  [...password].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7).toString(16);

export const userSnapshot: MockSnapshot = (data, id) => {
  const user = data.users.find((u) => u.id === id);
  if (!user) return null;
  const membership = user.membership;
  return {
    label: user.fullName,
    values: {
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      isAdmin: user.isAdmin,
      isMonitor: user.isMonitor,
      staffRole: user.staffRole ? MESSAGES.users.roles[user.staffRole] : null,
      homeBranch: data.branches.find((b) => b.id === user.homeBranch)?.name ?? null,
      plan: membership?.name ?? null,
      membershipStart: day(membership?.start),
      membershipEnd: day(membership?.end),
      pauses: membership?.pauses?.length
        ? membership.pauses
            .map((p) => `${day(p.from)} – ${day(new Date(Date.parse(p.until) - 1).toISOString())}`)
            .join(', ')
        : null,
      password: user.password ? fingerprint(user.password) : null,
      suspended: !!user.deletedAt,
    },
  };
};

export const eventSnapshot: MockSnapshot = (data, id) => {
  const event = data.events.find((e) => e.id === id);
  if (!event) return null;
  const at = (iso: string) => iso.slice(0, 16).replace('T', ' ');
  return { label: event.title, values: { title: event.title, start: at(event.start), end: at(event.end) } };
};

export const paymentSnapshot: MockSnapshot = (data, id) => {
  const payment = data.payments.find((p) => p.id === id);
  if (!payment) return null;
  const member = data.users.find((u) => u.id === payment.user)?.fullName ?? null;
  return {
    label: `${payment.planName} · ${member ?? ''}`.trim(),
    values: {
      member,
      plan: payment.planName,
      amount: `${payment.amount} ${payment.currency.toUpperCase()}`,
      method: MESSAGES.receipts.methods[payment.provider],
      status: MESSAGES.receipts.statuses[payment.status],
      membershipStart: day(payment.membershipStart),
      membershipEnd: day(payment.membershipEnd),
      refundReason: payment.refundReason || null,
    },
    related: [auditHistoryKey('user', payment.user)],
  };
};

export const sessionSnapshot: MockSnapshot = (data, id) => {
  const parsed = parseSessionId(id);
  const lesson = parsed && data.lessons.find((l) => l.id === parsed.lessonId);
  if (!parsed || !lesson) return null;
  const state = data.sessions[id];
  return {
    label: `${lesson.name} · ${parsed.date}`,
    values: {
      lesson: lesson.name,
      date: parsed.date,
      capacity: state?.capacity ?? lesson.capacity ?? LESSON_CAPACITY.default,
      substitute: state?.trainer ? (data.users.find((u) => u.id === state.trainer)?.fullName ?? null) : null,
      cancelled: !!state?.cancelledAt,
      reason: state?.cancelReason || null,
    },
  };
};

/** A check-in, told by its answer, as the server's checkinAudit. */
export const checkinAudit: MockAuditSpec = {
  entity: 'session',
  action: 'checkin',
  param: null,
  fromAnswer: (answer: CheckinResultDto) => {
    if (answer.already) return null;
    const label = `${answer.session.lessonName} · ${answer.session.date}`;
    const related = [auditHistoryKey('user', answer.memberId)];
    return {
      id: answer.session.id,
      before: { label, values: { member: answer.memberName, checkedIn: false }, related },
      after: { label, values: { member: answer.memberName, checkedIn: true }, related },
    };
  },
};

export const auditCreate = (
  entity: AuditEntity,
  snapshot: MockSnapshot,
  idOf: (answer: never) => string,
  action: AuditAction = 'create',
): MockAuditSpec => ({
  entity,
  action,
  param: null,
  snapshot,
  fromAnswer: (answer) => ({ id: idOf(answer) }),
});

export const auditChange = (
  entity: AuditEntity,
  action: AuditAction,
  snapshot: MockSnapshot,
  param = 'id',
): MockAuditSpec => ({ entity, action, snapshot, param });

/** What a route's audit read before its change: each record's id and values (none known yet for a creation). */
export type AuditReads = { target: string | undefined; before: AuditRecord | null }[];

/** What a route's audit reads before its change; null when the caller is not staff. */
export function auditBefore(
  spec: MockAuditSpec,
  user: AuthUser | null,
  data: MockData,
  params: Record<string, string>,
  body: Record<string, unknown>,
): AuditReads | null {
  if (!user || user.role === 'member') return null;
  const targets = spec.targets
    ? [...new Set(spec.targets(body))]
    : [spec.param === null ? undefined : params[spec.param ?? 'id']];
  return targets.map((target) => ({ target, before: target && spec.snapshot ? spec.snapshot(data, target) : null }));
}

/** Writes the changes the answer made, one entry for each record that changed. */
export function auditAfter(
  spec: MockAuditSpec,
  reads: AuditReads,
  user: AuthUser,
  data: MockData,
  db: MockDb,
  answer: unknown,
  body: Record<string, unknown>,
): void {
  for (const read of reads) auditOne(spec, read, user, data, db, answer, body);
}

function auditOne(
  spec: MockAuditSpec,
  read: AuditReads[number],
  user: AuthUser,
  data: MockData,
  db: MockDb,
  answer: unknown,
  body: Record<string, unknown>,
): void {
  let id = read.target;
  let before = read.before;
  let after: AuditRecord | null | undefined;
  if (spec.fromAnswer) {
    const told = spec.fromAnswer(answer as never);
    if (!told) return;
    id = told.id;
    if (told.before !== undefined) before = told.before;
    after = told.after;
  }
  if (!id) return;
  if (after === undefined) after = spec.snapshot ? spec.snapshot(data, id) : null;
  const changes = auditChanges(before?.values ?? null, after?.values ?? null);
  if (!changes.length) return;
  const entry: AuditRec = {
    id: db.id(),
    at: db.now().toISOString(),
    actor: {
      id: user.id,
      name: data.users.find((u) => u.id === user.id)?.fullName ?? '',
      role: user.role,
    },
    ip: '',
    action: typeof spec.action === 'function' ? spec.action(body) : spec.action,
    entity: spec.entity,
    entityId: id,
    label: after?.label ?? before?.label ?? '',
    changes: changes.map(({ field, before: was, after: is }) => ({ field, before: was, after: is })),
    related: [...new Set([...(before?.related ?? []), ...(after?.related ?? [])])],
  };
  (data.audit ??= []).push(entry);
}

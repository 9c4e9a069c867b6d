import {
  currentPeriod,
  datedMembership,
  isoPeriod,
  membershipState,
  pauseAt,
  periodsOf,
  schemas,
  type ContactMessageDto,
  type LessonDto,
  type LessonListItemDto,
  type LessonSummaryDto,
  type MembershipDto,
  type PaymentDto,
  type PlanDto,
  type UserDto,
  type UserListItemDto,
} from '@pulso/shared';
import type { ContactRec, LessonRec, MembershipRec, MockData, PaymentRec, PlanRec, UserRec } from './db';

/**
 * Records of the mock database as the API answers them, as the server's `<module>.mapper.ts` do.
 * Each answer is typed by the shared answer schema's inferred type; where a record already holds an
 * answer's fields under the same names, that schema picks them.
 */

export const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Newest first, by an ISO date field. */
export const newestFirst =
  <K extends string>(key: K) =>
  <T extends Record<K, string>>(a: T, b: T) =>
    a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : 0;

/** A membership is active from its start to its end; every status shown is derived from them. */
export function isActive(m: MembershipRec | null | undefined, now = new Date()): boolean {
  if (!m) return false;
  // A failed renewal's grace keeps access past the end, as on the server.
  const end = Math.max(Date.parse(m.end), m.graceUntil ? Date.parse(m.graceUntil) : 0);
  // A pause gives no access while it runs.
  const paused = pauseAt(datedMembership(m).pauses, now) !== null;
  return new Date(m.start) <= now && now.getTime() <= end && !paused;
}

/** As the server's users.mapper: the plan running now, the span's dates and status, the periods paid. */
export function toMembershipDto(m: MembershipRec | null, now = new Date()): MembershipDto | null {
  if (!m) return null;
  const span = datedMembership(m);
  const running = currentPeriod(span, now);
  return {
    planId: running.planId,
    name: running.name,
    start: m.start,
    end: m.end,
    status: isActive(m, now) ? 'Activo' : 'Inactivo',
    state: membershipState({ ...span, graceUntil: m.graceUntil ? new Date(m.graceUntil) : null }, now),
    periods: periodsOf(span).map(isoPeriod),
    pauses: m.pauses ?? [],
  };
}

const toLessonSummary = (lesson: LessonRec): LessonSummaryDto => schemas.lessonSummary.parse(lesson);

/** The current classes a trainer teaches, by name. */
export function lessonsTaughtBy(data: MockData, userId: string): LessonSummaryDto[] {
  return data.lessons
    .filter((l) => l.trainer === userId && !l.deletedAt)
    .sort(byName)
    .map(toLessonSummary);
}

/** A member's own class schedule. */
export function lessonsOf(data: MockData, user: UserRec): LessonSummaryDto[] {
  return user.lessons.flatMap((id) => {
    const lesson = data.lessons.find((l) => l.id === id);
    return lesson ? [toLessonSummary(lesson)] : [];
  });
}

const statusOf = (user: UserRec) => (isActive(user.membership) ? 'Activo' : 'Inactivo');

/** The member's home sede with its name, as the server names it (null: none, or the sede is gone). */
export function homeBranchOf(data: MockData, user: UserRec): { id: string; name: string } | null {
  const branch = user.homeBranch ? data.branches.find((b) => b.id === user.homeBranch) : undefined;
  return branch ? { id: branch.id, name: branch.name } : null;
}

export function toUserDto(data: MockData, user: UserRec): UserDto {
  const detail = {
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    isMonitor: user.isMonitor,
    isAdmin: user.isAdmin,
    staffRole: user.staffRole ?? null,
    lessonDetails: lessonsOf(data, user),
  };
  return {
    id: user.id,
    ...detail,
    deletedAt: user.deletedAt,
    erasedAt: user.erasedAt ?? null,
    statusMembershipIdStatus: statusOf(user),
    membresia: toMembershipDto(user.membership),
    homeBranch: homeBranchOf(data, user),
    detalle: detail,
    monitorLessons: lessonsTaughtBy(data, user.id),
  };
}

const userListFields = schemas.userListItem.omit({
  statusMemberShipIdStatus: true,
  membresia: true,
  lessonDetails: true,
  homeBranch: true,
});

export function toUserListItem(data: MockData, user: UserRec): UserListItemDto {
  return {
    ...userListFields.parse({ ...user, erasedAt: user.erasedAt ?? null, staffRole: user.staffRole ?? null }),
    statusMemberShipIdStatus: statusOf(user),
    membresia: toMembershipDto(user.membership),
    homeBranch: homeBranchOf(data, user),
    lessonDetails: lessonsOf(data, user).map(({ id, name }) => ({ id, name })),
  };
}

/** A plan; `deletedAt` only in the admins' list. */
export function toPlanDto({ deletedAt, ...stored }: PlanRec, withStatus = false): PlanDto {
  const plan = { ...stored, renewing: stored.renewing === true };
  return withStatus ? { ...plan, deletedAt } : plan;
}

/** A class as list screens show it: its trainer and its branch by name (the spec's fields) and by id. */
export function toLessonListItem(data: MockData, lesson: LessonRec): LessonListItemDto {
  return schemas.lessonListItem.parse({
    ...lesson,
    effort: String(lesson.effort),
    exercisesTypes: lesson.types.map((name) => ({ name })),
    monitor: data.users.find((u) => u.id === lesson.trainer)?.fullName ?? '',
    monitorId: lesson.trainer,
    branchoffice: data.branches.find((b) => b.id === lesson.branch)?.name ?? '',
    officeId: lesson.branch,
  });
}

/** A class with everything its page shows: its newest 200 reviews with their authors' names. */
export function toLessonDto(data: MockData, lesson: LessonRec): LessonDto {
  const reviews = data.reviews
    .filter((r) => r.lesson === lesson.id)
    .sort(newestFirst('createdAt'))
    .slice(0, 200)
    .map((review) =>
      schemas.lessonReview.parse({
        ...review,
        user: data.users.find((u) => u.id === review.user)?.fullName ?? '',
        userId: review.user,
      }),
    );
  const { description, reviewCount, deletedAt } = lesson;
  return { ...toLessonListItem(data, lesson), description, reviewCount, reviews, deletedAt };
}

export function toPaymentDto({ user, plan, ...payment }: PaymentRec): PaymentDto {
  return schemas.payment.parse({
    ...payment,
    userId: user,
    planId: plan,
    receiptNumber: payment.receiptNumber ?? null,
  });
}

export function toContactDto(contact: ContactRec): ContactMessageDto {
  return { ...contact, status: 'sent', attempts: 1, sentAt: contact.createdAt };
}

/** The newest contact messages, newest first (the latest stored first among equal dates). */
export function latestMessages(data: MockData, limit: number): ContactMessageDto[] {
  return [...data.contacts].reverse().sort(newestFirst('createdAt')).slice(0, limit).map(toContactDto);
}

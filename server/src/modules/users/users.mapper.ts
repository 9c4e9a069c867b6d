import type {
  LessonSummaryDto,
  MembershipDto,
  MembershipStatusLabel,
  TrainerDto,
  UserDetailDto,
  UserDto,
  UserListItemDto,
} from '@pulso/shared';
import { currentPeriod, membershipState, pauseAt, periodsOf } from '@pulso/shared';
import type { MembershipDoc, UserDoc } from './users.model';

/** Where access ends: the membership's end, or later while a failed renewal's grace runs. */
export function accessEnd(membership: Pick<MembershipDoc, 'end' | 'graceUntil'>): Date {
  const grace = membership.graceUntil;
  return grace && grace > membership.end ? grace : membership.end;
}

/**
 * A membership is active while now is between its start and end (or the grace of a failed renewal),
 * outside its pauses.
 */
export function isMembershipActive(membership: MembershipDoc | null | undefined, now = new Date()): boolean {
  return !!membership && membership.start <= now && now <= accessEnd(membership) && !pauseAt(membership.pauses, now);
}

export function membershipLabel(membership: MembershipDoc | null | undefined, now = new Date()): MembershipStatusLabel {
  return isMembershipActive(membership, now) ? 'Activo' : 'Inactivo';
}

export function toMembershipDto(membership: MembershipDoc | null | undefined, now = new Date()): MembershipDto | null {
  if (!membership) return null;
  const running = currentPeriod(membership, now);
  return {
    planId: running.planId.toString(),
    name: running.name,
    start: membership.start.toISOString(),
    end: membership.end.toISOString(),
    status: membershipLabel(membership, now),
    state: membershipState(membership, now),
    periods: periodsOf(membership).map((p) => ({
      planId: p.planId.toString(),
      name: p.name,
      start: p.start.toISOString(),
      end: p.end.toISOString(),
    })),
    pauses: (membership.pauses ?? []).map((p) => ({ from: p.from.toISOString(), until: p.until.toISOString() })),
  };
}

/** A home sede as the API names it: its id and name (null: none, or the sede no longer exists). */
export type HomeBranchRef = { id: string; name: string } | null;

export function toUserDto(
  doc: UserDoc,
  lessons: LessonSummaryDto[],
  taught: LessonSummaryDto[],
  homeBranch: HomeBranchRef = null,
): UserDto {
  const detail: UserDetailDto = {
    fullName: doc.fullName,
    email: doc.email,
    phone: doc.phone ?? '',
    isMonitor: doc.isMonitor ?? false,
    isAdmin: doc.isAdmin ?? false,
    staffRole: doc.staffRole ?? null,
    lessonDetails: lessons,
  };
  return {
    id: doc._id.toString(),
    ...detail,
    deletedAt: doc.deletedAt ? doc.deletedAt.toISOString() : null,
    erasedAt: doc.erasedAt ? doc.erasedAt.toISOString() : null,
    statusMembershipIdStatus: membershipLabel(doc.membership),
    membresia: toMembershipDto(doc.membership),
    homeBranch,
    detalle: detail,
    monitorLessons: taught,
  };
}

export function toUserListItemDto(
  doc: UserDoc,
  lessonDetails: { id: string; name: string }[],
  homeBranch: HomeBranchRef = null,
): UserListItemDto {
  return {
    id: doc._id.toString(),
    fullName: doc.fullName,
    email: doc.email,
    phone: doc.phone ?? '',
    isMonitor: doc.isMonitor ?? false,
    isAdmin: doc.isAdmin ?? false,
    staffRole: doc.staffRole ?? null,
    deletedAt: doc.deletedAt ? doc.deletedAt.toISOString() : null,
    erasedAt: doc.erasedAt ? doc.erasedAt.toISOString() : null,
    statusMemberShipIdStatus: membershipLabel(doc.membership),
    membresia: toMembershipDto(doc.membership),
    homeBranch,
    lessonDetails,
  };
}

export function toTrainerDto(
  doc: Pick<UserDoc, '_id' | 'fullName' | 'email'>,
  lessons: LessonSummaryDto[],
): TrainerDto {
  return {
    id: doc._id.toString(),
    fullName: doc.fullName,
    email: doc.email,
    lessonDetails: lessons.map((l) => ({ id: l.id, name: l.name })),
  };
}

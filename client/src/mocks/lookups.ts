import { MESSAGES } from '@pulso/shared';
import type { BranchRec, LessonRec, MockData, PlanRec, UserRec } from './db';
import { checkId, MockHttpError } from './http';

/** Records by id as the server's services find them: 400 for a malformed id, 404 with the service's message. */

export function findUser(data: MockData, id: string): UserRec {
  const user = data.users.find((u) => u.id === checkId(id));
  if (!user) throw MockHttpError.notFound(MESSAGES.users.notFound);
  return user;
}

/** A current class (retired ones too with `includeRetired`). */
export function findLesson(data: MockData, id: string, includeRetired = false): LessonRec {
  const lesson = data.lessons.find((l) => l.id === checkId(id) && (includeRetired || !l.deletedAt));
  if (!lesson) throw MockHttpError.notFound(MESSAGES.lessons.notFound);
  return lesson;
}

export function findPlanOnSale(data: MockData, id: string): PlanRec {
  const plan = data.plans.find((p) => p.id === checkId(id) && !p.deletedAt);
  if (!plan) throw MockHttpError.notFound(MESSAGES.api.planNotFound);
  return plan;
}

export function findBranch(data: MockData, id: string): BranchRec {
  const branch = data.branches.find((b) => b.id === checkId(id));
  if (!branch) throw MockHttpError.notFound(MESSAGES.branches.notFound);
  return branch;
}

/** A retired record (a plan, a class) to restore. */
export function findRetired<T extends { id: string; deletedAt: string | null }>(
  records: T[],
  id: string,
  notFoundMessage: string,
): T {
  const record = records.find((r) => r.id === checkId(id) && r.deletedAt);
  if (!record) throw MockHttpError.notFound(notFoundMessage);
  return record;
}

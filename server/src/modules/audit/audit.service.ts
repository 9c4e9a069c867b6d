import { trusted, Types } from 'mongoose';
import {
  auditChanges,
  auditHistoryKey,
  AUDIT_HISTORY_LIMIT,
  type AuditAction,
  type AuditEntity,
  type AuditEntryDto,
  type AuditQuery,
  AUDIT_FIELD_LABELS,
  type AuditSnapshot,
  type AuditValue,
} from '@pulso/shared';
import { gymDaysRange } from '../../lib/gym-time';
import { ownedList } from '../../lib/owned-lists';
import { AuditModel, type AuditDoc } from './audit.model';

/** The entries of each record's history (key: `<entity>:<id>`; ids: the entries'), so a member's or a class's page reads them by `_id`. */
export const auditHistory = ownedList('audit_history');

/** A record as the trail keeps it: its name then, its values, and other records whose history shows the change. */
export interface AuditRecord {
  label: string;
  values: AuditSnapshot;
  related?: string[];
}

export interface AuditActor {
  id: string;
  name: string;
  role: string;
}

export interface NewAuditEntry {
  actor: AuditActor;
  ip: string;
  route: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  before: AuditRecord | null;
  after: AuditRecord | null;
}

/**
 * Writes one change: listed first in the history of its record and of the related ones (a list
 * names nothing missing that way, only, after a crash, an entry never written, which readers skip),
 * then stored.
 */
export async function recordAudit(entry: NewAuditEntry): Promise<void> {
  const _id = new Types.ObjectId();
  const related = [...new Set([...(entry.before?.related ?? []), ...(entry.after?.related ?? [])])];
  const keys = [auditHistoryKey(entry.entity, entry.entityId), ...related];
  await Promise.all(keys.map((key) => auditHistory.add(key, String(_id))));
  await AuditModel.create({
    _id,
    at: new Date(),
    actor: { id: new Types.ObjectId(entry.actor.id), name: entry.actor.name, role: entry.actor.role },
    ip: entry.ip,
    route: entry.route,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    label: entry.after?.label ?? entry.before?.label ?? '',
    changes: auditChanges(entry.before?.values ?? null, entry.after?.values ?? null).map(
      ({ field, before, after }) => ({
        field,
        before,
        after,
      }),
    ),
    related,
  });
}

/** Whether a change changed anything (an update that saved the same values is not one). */
export function changesSomething(before: AuditRecord | null, after: AuditRecord | null): boolean {
  return auditChanges(before?.values ?? null, after?.values ?? null).length > 0;
}

export function toAuditEntryDto(doc: AuditDoc): AuditEntryDto {
  return {
    id: String(doc._id),
    at: doc.at.toISOString(),
    actor: { id: String(doc.actor?.id), name: doc.actor?.name ?? '', role: doc.actor?.role ?? '' },
    ip: doc.ip ?? '',
    action: doc.action as AuditAction,
    entity: doc.entity as AuditEntity,
    entityId: doc.entityId,
    label: doc.label ?? '',
    changes: (doc.changes ?? []).map((change) => ({
      field: String(change.field),
      label: AUDIT_FIELD_LABELS[String(change.field)] ?? String(change.field),
      before: (change.before ?? null) as AuditValue,
      after: (change.after ?? null) as AuditValue,
    })),
  };
}

/**
 * A page of the trail, newest first, filtered by who, what and the gym's dates (an administrator's
 * list: on MongoDB by its indexes; the embedded engine reads the collection, query-shapes.ts).
 */
export async function listAudit(
  query: AuditQuery,
  { page, limit }: { page: number; limit: number },
  timeZone: string,
): Promise<{ items: AuditEntryDto[]; total: number }> {
  const filter: Record<string, unknown> = {};
  if (query.actor) filter['actor.id'] = new Types.ObjectId(query.actor);
  if (query.entity) filter.entity = query.entity;
  const at = gymDaysRange(query, timeZone);
  if (Object.keys(at).length) filter.at = trusted(at);
  const [docs, total] = await Promise.all([
    AuditModel.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<AuditDoc[]>(),
    AuditModel.countDocuments(filter),
  ]);
  return { items: docs.map(toAuditEntryDto), total };
}

/** One record's history (and the changes that name it, such as a member's check-ins), newest first, read by `_id`. */
export async function auditHistoryOf(entity: AuditEntity, id: string): Promise<AuditEntryDto[]> {
  const ids = (await auditHistory.ids(auditHistoryKey(entity, id))).slice(-AUDIT_HISTORY_LIMIT).reverse();
  const docs = await Promise.all(ids.map((entryId) => AuditModel.findById(entryId).lean<AuditDoc>()));
  return docs.filter((doc): doc is AuditDoc => doc !== null).map(toAuditEntryDto);
}

/** The personal fields a member's entries hold, blanked when they erase their account. */
const PERSONAL_FIELDS = new Set(['fullName', 'email', 'phone', 'member']);

/**
 * A member erased their account (account-erasure.ts): the trail keeps that changes were made, by whom
 * and when, but no longer their name, e-mail or phone, in the entries about them (a check-in or a
 * desk payment names them too). Entries they made as staff keep their name: that is what the trail
 * is for. The one rewrite of the trail, done on the collection itself (the model refuses updates);
 * it can run again and changes nothing twice.
 */
export async function forgetPerson(userId: string, anonymousName: string): Promise<void> {
  const ids = await auditHistory.ids(auditHistoryKey('user', userId));
  const entries = AuditModel.collection;
  for (const id of ids) {
    const entry = (await entries.findOne({ _id: new Types.ObjectId(id) })) as AuditDoc | null;
    if (!entry) continue;
    const blank = (value: unknown) => (value === null || value === undefined || value === '' ? value : anonymousName);
    const changes = (entry.changes ?? []).map((change) =>
      PERSONAL_FIELDS.has(String(change.field))
        ? { field: change.field, before: blank(change.before), after: blank(change.after) }
        : change,
    );
    const set: Record<string, unknown> = { changes };
    if (entry.entity === 'user' && entry.entityId === userId) set.label = anonymousName;
    if (entry.entity === 'payment') set.label = String(entry.label ?? '').replace(/ · .*$/, ` · ${anonymousName}`);
    await entries.updateOne({ _id: entry._id }, { $set: set });
  }
}

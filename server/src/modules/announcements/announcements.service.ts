import { outOfScope } from '../../middleware/scope';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import type { Logger } from 'pino';
import {
  ERROR_CODES,
  isObjectId,
  MESSAGES,
  parseUserQuery,
  queryUsers,
  type AnnouncementAudience,
  type AnnouncementDto,
  type AnnouncementPreviewDto,
} from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { isDuplicateKeyError, NEWEST_FIRST } from '../../lib/db';
import { gymDate } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { claimLease } from '../../lib/jobs';
import { objectIdOrNull } from '../../lib/object-id';
import { branchName } from '../branches/branches.service';
import { findLessonById } from '../lessons/lessons.service';
import { userDirectory } from '../users/user-directory';
import { findUserContact, scheduleHolders } from '../users/users.service';
import {
  AnnouncementDeliveryModel,
  AnnouncementModel,
  AnnouncementRecipientsModel,
  type AnnouncementDoc,
} from './announcements.model';

/**
 * Announcements to members (issue 24, item 6). An administrator writes one to an audience (everyone,
 * a sede's members, a class's, a selection of the users list, or the list as filtered), sees how many
 * it would reach and the e-mail the first would get, and sends it: it is written once with its
 * recipients frozen, and the job runner sends it at most ANNOUNCEMENTS_PER_MINUTE e-mails a minute.
 *
 * Exactly once, without transactions: each batch of recipients is taken by a lease of its place
 * (`announcement:<id>@<cursor>`), so one process sends it; each recipient's e-mail is an insert under
 * `<announcement>:<user>` before it is sent, so a batch taken over after a crash skips whoever was
 * reached. At the end the counts are read from those records. The same machinery tells a sede's
 * members when its hours change.
 */

const m = MESSAGES.announcements;

export interface AnnouncementInput {
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  branchId?: string;
  lessonId?: string;
  ids?: string[];
  filters?: string;
  requestId?: string;
}

/**
 * Who the audience is now (user ids, in a stable order) and its name in words. A sede manager's
 * (`sede`) reaches their sede's members only: the chain, another sede or its classes are refused.
 */
async function resolveAudience(
  input: AnnouncementInput,
  sede: string | null = null,
): Promise<{ label: string; ids: string[] }> {
  const everyone = await userDirectory();
  const directory = sede ? everyone.filter((r) => r.homeBranch?.id === sede) : everyone;
  if (sede) await assertAudienceInSede(input, sede, directory);
  switch (input.audience) {
    case 'all':
      return { label: m.audiences.all, ids: directory.map((r) => r.id) };
    case 'branch': {
      const id = input.branchId && objectIdOrNull(input.branchId);
      const name = id ? await branchName(id) : null;
      if (!id || name === null) throw HttpError.validation({ branchId: m.branchRequired });
      return {
        label: m.audiences.branch(name),
        ids: directory.filter((r) => r.homeBranch?.id === id.toString()).map((r) => r.id),
      };
    }
    case 'lesson': {
      const lesson =
        input.lessonId && isObjectId(input.lessonId) ? await findLessonById(input.lessonId).catch(() => null) : null;
      if (!lesson) throw HttpError.validation({ lessonId: m.lessonRequired });
      const holders = new Set(await scheduleHolders(lesson._id));
      return {
        label: m.audiences.lesson(lesson.name),
        ids: directory.filter((r) => holders.has(r.id)).map((r) => r.id),
      };
    }
    case 'selection': {
      const wanted = new Set((input.ids ?? []).map((id) => id.toLowerCase()).filter(isObjectId));
      const ids = directory.filter((r) => wanted.has(r.id)).map((r) => r.id);
      return { label: m.audiences.selection(ids.length), ids };
    }
    case 'filtered': {
      const parsed = parseUserQuery(Object.fromEntries(new URLSearchParams(input.filters ?? '')));
      if ('invalid' in parsed) {
        throw HttpError.validation({ filters: MESSAGES.users.queryInvalid(parsed.invalid) });
      }
      return { label: m.audiences.filtered, ids: queryUsers(directory, parsed.query, new Date()).map((r) => r.id) };
    }
  }
}

async function assertAudienceInSede(
  input: AnnouncementInput,
  sede: string,
  members: readonly { id: string }[],
): Promise<void> {
  if (input.audience === 'all') throw outOfScope();
  if (input.audience === 'branch' && input.branchId && input.branchId !== sede) throw outOfScope();
  if (input.audience === 'lesson' && input.lessonId && isObjectId(input.lessonId)) {
    const lesson = await findLessonById(input.lessonId).catch(() => null);
    if (lesson && lesson.office.toString() !== sede) throw outOfScope();
  }
  if (input.audience === 'selection') {
    const theirs = new Set(members.map((r) => r.id));
    if ((input.ids ?? []).some((id) => isObjectId(id) && !theirs.has(id.toLowerCase()))) throw outOfScope();
  }
}

/** The e-mail one member gets. */
function mailFor(name: string, subject: string, body: string, gymName: string) {
  return { subject, text: `${m.greeting(name)}\n\n${body}\n\n${m.signature(gymName)}` };
}

/** How many the announcement would reach, a few of them, and the first one's e-mail. */
export async function previewAnnouncement(
  input: AnnouncementInput,
  gymName: string,
  sede: string | null = null,
): Promise<AnnouncementPreviewDto> {
  const { label, ids } = await resolveAudience(input, sede);
  const directory = new Map((await userDirectory()).map((r) => [r.id, r.fullName]));
  const sample = ids.slice(0, 5).map((id) => directory.get(id) ?? '');
  return {
    audience: label,
    count: ids.length,
    sample,
    mail: mailFor(sample[0] ?? '…', input.subject, input.body, gymName),
  };
}

export function toAnnouncementDto(doc: AnnouncementDoc): AnnouncementDto {
  return {
    id: doc._id,
    subject: doc.subject,
    body: doc.body,
    audience: doc.audience,
    status: doc.status as AnnouncementDto['status'],
    total: doc.total,
    done: Math.min(doc.cursor ?? 0, doc.total),
    sent: doc.sent ?? 0,
    failed: doc.failed ?? 0,
    createdBy: doc.createdBy?.name ?? '',
    createdAt: doc.createdAt.toISOString(),
    finishedAt: doc.finishedAt ? doc.finishedAt.toISOString() : null,
  };
}

/**
 * Writes the announcement with its recipients as they are now, to be sent by the job runner. The
 * same `requestId` again answers the announcement already written. 400 when nobody would get it.
 */
export async function createAnnouncement(
  input: AnnouncementInput,
  by: { id: string; name: string; sede?: string | null },
  now = new Date(),
): Promise<{ announcement: AnnouncementDto; created: boolean }> {
  const { label, ids } = await resolveAudience(input, by.sede ?? null);
  if (ids.length === 0) throw new HttpError(400, ERROR_CODES.VALIDATION_FAILED, m.nobody);
  const _id = `ann_${input.requestId || new Types.ObjectId().toString()}`;
  const existing = await AnnouncementModel.findById(_id).lean<AnnouncementDoc>();
  if (existing) return { announcement: toAnnouncementDto(existing), created: false };
  // The recipients first: an announcement is never without them.
  await AnnouncementRecipientsModel.updateOne({ _id }, { $setOnInsert: { ids } }, { upsert: true }).catch(
    (error: unknown) => {
      // Written by the same sending at the same moment (a double click): theirs stands.
      if (!isDuplicateKeyError(error)) throw error;
    },
  );
  const recipients = (await AnnouncementRecipientsModel.findById(_id).lean<{ ids: string[] }>())?.ids ?? ids;
  try {
    const doc = await AnnouncementModel.create({
      _id,
      subject: input.subject,
      body: input.body,
      audience: label,
      status: 'sending',
      total: recipients.length,
      createdBy: { id: new Types.ObjectId(by.id), name: by.name },
      createdAt: now,
    });
    return { announcement: toAnnouncementDto(doc.toObject() as AnnouncementDoc), created: true };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const doc = await AnnouncementModel.findById(_id).lean<AnnouncementDoc>();
    if (!doc) throw error;
    return { announcement: toAnnouncementDto(doc), created: false };
  }
}

/** An announcement as the audit trail keeps it. */
export async function announcementAudit(id: string) {
  const doc = await AnnouncementModel.findById(id).lean<AnnouncementDoc>();
  if (!doc) return null;
  return {
    label: doc.subject,
    values: { subject: doc.subject, body: doc.body, audience: doc.audience, total: doc.total },
  };
}

/** The announcements, newest first (an administrator's list of a small collection). */
export async function listAnnouncements(limit = 50, author: string | null = null): Promise<AnnouncementDto[]> {
  const newest = AnnouncementModel.find({}).sort(NEWEST_FIRST);
  if (!author) return (await newest.limit(limit).lean<AnnouncementDoc[]>()).map(toAnnouncementDto);
  // A sede manager's list: the ones they wrote.
  const docs = await newest.lean<AnnouncementDoc[]>();
  return docs
    .filter((doc) => doc.createdBy?.id?.toString() === author)
    .slice(0, limit)
    .map(toAnnouncementDto);
}

export interface SendDeps {
  ctx: Pick<AppContext, 'mailer' | 'config'>;
  logger: Pick<Logger, 'warn' | 'info'>;
}

/**
 * The `announcements` job: sends the next batch of each announcement being sent, oldest first, at
 * most `budget` e-mails in all (ANNOUNCEMENTS_PER_MINUTE × the minutes since the job's last run);
 * an announcement whose recipients are all handled gets its counts and is 'sent'. How many e-mails
 * were sent.
 */
export async function sendAnnouncements(deps: SendDeps, budget: number, now = new Date()): Promise<number> {
  const sending = await AnnouncementModel.find({ status: 'sending' })
    .sort({ createdAt: 1 })
    .limit(20)
    .lean<AnnouncementDoc[]>();
  let left = Math.max(1, Math.floor(budget));
  let mailed = 0;
  for (const doc of sending) {
    if (left <= 0) break;
    const done = await sendBatch(deps, doc, left, now);
    left -= done;
    mailed += done;
  }
  return mailed;
}

async function sendBatch(deps: SendDeps, doc: AnnouncementDoc, size: number, now: Date): Promise<number> {
  const cursor = doc.cursor ?? 0;
  if (cursor >= doc.total) {
    await finish(doc._id, now);
    return 0;
  }
  // One process takes the batch at this place; another that reaches it at once moves on.
  const lease = await claimLease(`announcement:${doc._id}@${cursor}`, { leaseMs: deps.ctx.config.jobs.leaseMs });
  if (!lease) return 0;
  const ids = ((await AnnouncementRecipientsModel.findById(doc._id).lean<{ ids: string[] }>())?.ids ?? []).slice(
    cursor,
    cursor + size,
  );
  let mailed = 0;
  let sent = 0;
  let failed = 0;
  try {
    for (const userId of ids) {
      const key = `${doc._id}:${userId}`;
      try {
        await AnnouncementDeliveryModel.create({ _id: key, status: 'sending', at: now });
      } catch (error) {
        // Reached already (a batch taken over after a crash): not sent twice.
        if (isDuplicateKeyError(error)) continue;
        throw error;
      }
      const contact = await findUserContact(new Types.ObjectId(userId));
      let status: 'sent' | 'failed' = 'failed';
      if (contact?.email && !contact.email.endsWith('.invalid')) {
        try {
          await deps.ctx.mailer.send({
            to: contact.email,
            ...mailFor(contact.fullName, doc.subject, doc.body, deps.ctx.config.gymName),
          });
          status = 'sent';
          mailed += 1;
        } catch (error) {
          deps.logger.warn(
            { err: error instanceof Error ? error.message : String(error), announcement: doc._id },
            'announcement e-mail not sent',
          );
        }
      }
      if (status === 'sent') sent += 1;
      else failed += 1;
      await AnnouncementDeliveryModel.updateOne({ _id: key }, { $set: { status, at: new Date() } });
    }
    await AnnouncementModel.updateOne(
      { _id: doc._id },
      { $set: { cursor: cursor + ids.length, sent: (doc.sent ?? 0) + sent, failed: (doc.failed ?? 0) + failed } },
    );
    await lease.finish();
  } catch (error) {
    await lease.release();
    throw error;
  }
  if (cursor + ids.length >= doc.total) await finish(doc._id, now);
  return mailed;
}

/** Every recipient handled: the counts from each one's record (exact, whatever runs were cut short), and 'sent'. */
async function finish(id: string, now: Date): Promise<void> {
  const ids = (await AnnouncementRecipientsModel.findById(id).lean<{ ids: string[] }>())?.ids ?? [];
  let sent = 0;
  let failed = 0;
  for (const userId of ids) {
    const delivery = await AnnouncementDeliveryModel.findById(`${id}:${userId}`).lean<{ status: string }>();
    if (delivery?.status === 'sent') sent += 1;
    else failed += 1;
  }
  await AnnouncementModel.updateOne(
    { _id: id },
    { $set: { status: 'sent', sent, failed, cursor: ids.length, finishedAt: now } },
  );
}

/**
 * A sede's hours changed: its members (home sede) are told, as an announcement from the admin who
 * changed it (once per change: keyed by the sede and its new hours).
 */
export async function announceHoursChange(
  branch: { id: string; name: string; days: string; from: string; to: string; timeZone: string },
  by: { id: string; name: string },
): Promise<void> {
  const ids = (await userDirectory()).filter((r) => r.homeBranch?.id === branch.id);
  if (ids.length === 0) return;
  // Once per change (keyed by the sede, the gym's day and the whole of its new hours): a double save
  // tells them once, a correction the same day tells them again.
  const hours = createHash('sha256').update(`${branch.days}|${branch.from}|${branch.to}`).digest('hex').slice(0, 24);
  const key = `hours-${branch.id}-${gymDate(new Date(), branch.timeZone)}-${hours}`;
  await createAnnouncement(
    {
      subject: m.hoursChanged.subject(branch.name),
      body: m.hoursChanged.body(branch.name, branch.days, branch.from, branch.to),
      audience: 'branch',
      branchId: branch.id,
      requestId: key,
    },
    by,
  );
}

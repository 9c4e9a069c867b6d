import {
  MESSAGES,
  parseUserQuery,
  queryUsers,
  schemas,
  toText,
  type AnnouncementAudience,
  type AnnouncementDto,
} from '@pulso/shared';
import type { MockConfig } from '../api';
import { auditCreate } from '../audit';
import type { MockData } from '../db';
import { MockHttpError } from '../http';
import type { Route } from '../route';
import { directoryOf } from './users';

/**
 * The announcements module (server/src/modules/announcements). The mock sends no e-mail and has no
 * job runner: an announcement is written with its recipients counted and shows as sent to them all.
 */

const m = MESSAGES.announcements;
const ID = /^[0-9a-f]{24}$/i;

interface Input {
  subject?: unknown;
  body?: unknown;
  audience?: unknown;
  branchId?: unknown;
  lessonId?: unknown;
  ids?: unknown;
  filters?: unknown;
  requestId?: unknown;
}

/** Who it goes to and its name in words (the server's resolveAudience). */
function audienceOf(data: MockData, input: Input): { label: string; ids: string[] } {
  const directory = directoryOf(data);
  const audience = toText(input.audience) as AnnouncementAudience;
  if (audience === 'branch') {
    const branch = data.branches.find((b) => b.id === toText(input.branchId));
    if (!branch) throw MockHttpError.validation({ branchId: m.branchRequired });
    return {
      label: m.audiences.branch(branch.name),
      ids: directory.filter((r) => r.homeBranch?.id === branch.id).map((r) => r.id),
    };
  }
  if (audience === 'lesson') {
    const lesson = data.lessons.find((l) => l.id === toText(input.lessonId) && !l.deletedAt);
    if (!lesson) throw MockHttpError.validation({ lessonId: m.lessonRequired });
    const holders = new Set(data.users.filter((u) => u.lessons.includes(lesson.id)).map((u) => u.id));
    return { label: m.audiences.lesson(lesson.name), ids: directory.filter((r) => holders.has(r.id)).map((r) => r.id) };
  }
  if (audience === 'selection') {
    const wanted = new Set(
      (Array.isArray(input.ids) ? input.ids : []).map((id) => String(id).toLowerCase()).filter((id) => ID.test(id)),
    );
    const ids = directory.filter((r) => wanted.has(r.id)).map((r) => r.id);
    return { label: m.audiences.selection(ids.length), ids };
  }
  if (audience === 'filtered') {
    const parsed = parseUserQuery(Object.fromEntries(new URLSearchParams(toText(input.filters))));
    if ('invalid' in parsed) throw MockHttpError.validation({ filters: MESSAGES.users.queryInvalid(parsed.invalid) });
    return { label: m.audiences.filtered, ids: queryUsers(directory, parsed.query, new Date()).map((r) => r.id) };
  }
  return { label: m.audiences.all, ids: directory.map((r) => r.id) };
}

const mailFor = (name: string, subject: string, body: string, config: MockConfig) => ({
  subject,
  text: `${m.greeting(name)}\n\n${body}\n\n${m.signature(config.gymName)}`,
});

export const announcementsHandlers = (route: Route) => [
  route('GET /announcements', { access: 'manager', ok: [200, schemas.announcement.array()] }, ({ data }) =>
    [...(data.announcements ?? [])].reverse().slice(0, 50),
  ),

  route(
    'POST /announcements/preview',
    { access: 'manager', body: schemas.announcementForm, ok: [200, schemas.announcementPreview] },
    ({ input, data, config }) => {
      const { label, ids } = audienceOf(data, input);
      const sample = ids.slice(0, 5).map((id) => data.users.find((u) => u.id === id)?.fullName ?? '');
      return {
        audience: label,
        count: ids.length,
        sample,
        mail: mailFor(sample[0] ?? '…', toText(input.subject), toText(input.body), config),
      };
    },
  ),

  route(
    'POST /announcements',
    {
      access: 'manager',
      audit: auditCreate(
        'announcement',
        (data, id) => {
          const a = data.announcements?.find((x) => x.id === id);
          return a
            ? { label: a.subject, values: { subject: a.subject, body: a.body, audience: a.audience, total: a.total } }
            : null;
        },
        (a: { announcement: { id: string } }) => a.announcement.id,
      ),
      body: schemas.announcementForm,
      ok: [201, schemas.announcementQueued],
    },
    ({ input, user, data, db }) => {
      const { label, ids } = audienceOf(data, input);
      if (ids.length === 0) throw new MockHttpError(400, 'VALIDATION_FAILED', m.nobody);
      const id = `ann_${toText(input.requestId) || db.id()}`;
      const existing = data.announcements?.find((a) => a.id === id);
      if (existing) return { message: m.queued(existing.total), announcement: existing };
      const now = new Date().toISOString();
      const announcement: AnnouncementDto = {
        id,
        subject: toText(input.subject),
        body: toText(input.body),
        audience: label,
        status: 'sent',
        total: ids.length,
        done: ids.length,
        sent: ids.length,
        failed: 0,
        createdBy: data.users.find((u) => u.id === user.id)?.fullName ?? '',
        createdAt: now,
        finishedAt: now,
      };
      (data.announcements ??= []).push(announcement);
      return { message: m.queued(ids.length), announcement };
    },
  ),
];

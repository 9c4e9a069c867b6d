import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { auditCreate, type AuditSnapshotReader } from '../audit/audit.middleware';
import { announcementsController } from './announcements.controller';
import { announcementAudit } from './announcements.service';

const AUDIENCE_NOTES =
  "`audience` 'all' (every active account), 'branch' (`branchId`: its members by home sede), 'lesson' (`lessonId`: the members holding it in their schedule), 'selection' (`ids`, up to 100) or 'filtered' (`filters`: the users list's query string, e.g. `status=Activo&branch=<id>`). 400 VALIDATION_FAILED naming what the audience needs.";
const SEND_NOTES = `${AUDIENCE_NOTES} The recipients are frozen when it is written; the job runner sends at most ANNOUNCEMENTS_PER_MINUTE e-mails a minute, each recipient once (a unique record per recipient), and counts sent and failed. \`requestId\` names the sending: the same one again answers 200 with the announcement already written. 400 when nobody would get it.`;

// prettier-ignore
export const announcementsRoutes = routeTable<ReturnType<typeof announcementsController>>('/announcements', [
  { route: 'GET /',          access: 'manager', ok: [200, schemas.announcement.array()], handler: (c) => c.list, summary: 'Announcements, newest first, with how many each was sent to and failed for' },
  { route: 'POST /preview',  access: 'manager', body: schemas.announcementForm, ok: [200, schemas.announcementPreview], errors: [400], handler: (c) => c.preview, summary: 'How many an announcement would reach, a few of them, and the e-mail the first would get (nothing is sent)', notes: AUDIENCE_NOTES },
  { route: 'POST /',         access: 'manager', body: schemas.announcementForm, ok: [201, schemas.announcementQueued], errors: [400], audit: auditCreate('announcement', announcementAudit as AuditSnapshotReader, (a: { announcement: { id: string } }) => a.announcement.id), handler: (c) => c.create, summary: 'Send an announcement to an audience, through the job runner at a bounded rate', notes: SEND_NOTES },
]);

export const announcementsRouter = (ctx: AppContext) => mountRoutes(announcementsRoutes, announcementsController(ctx));

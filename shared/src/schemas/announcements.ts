import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, text, wire } from './core';

const m = MESSAGES.announcements;

/** Who an announcement goes to: everyone, a sede's members, a class's, a selection, or the users list as filtered. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'branch', 'lesson', 'selection', 'filtered'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_SELECTION_MAX = 100;

/**
 * An announcement as the admin writes it: its subject and text, and its audience ('branch' with
 * `branchId`, 'lesson' with `lessonId`, 'selection' with `ids`, 'filtered' with the users list's
 * query string in `filters`). What an audience needs is checked by the server, under its field.
 */
export const announcementForm = z.object({
  subject: field(wire.text(), text(z.string().min(1, m.subjectRequired).max(120, m.subjectTooLong))),
  body: field(wire.text(), text(z.string().min(1, m.bodyRequired).max(5000, m.bodyTooLong))),
  audience: field(wire.text(), text(z.enum(ANNOUNCEMENT_AUDIENCES, { error: m.audienceRequired }))),
  branchId: field(wire.text(), text(z.string().max(24))),
  lessonId: field(wire.text(), text(z.string().max(24))),
  ids: field(wire.idList(ANNOUNCEMENT_SELECTION_MAX), z.array(z.string()).max(ANNOUNCEMENT_SELECTION_MAX).nullish()),
  filters: field(wire.text(), text(z.string().max(500))),
  /** Names the sending, so the same one sent twice (a double click) is one announcement. */
  requestId: field(wire.text(), text(z.string().regex(/^[\w-]{0,64}$/, m.requestId))),
});

/** What it would be before it is sent: how many would receive it, a few of them, and the e-mail to the first. */
export const announcementPreview = z.object({
  audience: z.string(),
  count: z.number().int(),
  sample: z.array(z.string()),
  mail: z.object({ subject: z.string(), text: z.string() }),
});

/** An announcement as listed: its audience, and how many it was sent to and failed for. */
export const announcement = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: z.string(),
  /** 'sending' while the job runner sends it, at most ANNOUNCEMENTS_PER_MINUTE a minute; then 'sent'. */
  status: z.enum(['sending', 'sent']),
  total: z.number().int(),
  /** How many have been handled so far (sent or failed). */
  done: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
z.globalRegistry.add(announcement, { id: 'Announcement' });

export const announcementQueued = z.object({ message: z.string(), announcement });

export type AnnouncementDto = z.infer<typeof announcement>;
export type AnnouncementPreviewDto = z.infer<typeof announcementPreview>;

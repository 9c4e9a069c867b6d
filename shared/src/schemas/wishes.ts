import * as z from 'zod';
import { HALF_HOUR_CHOICES, hourToMinutes, WEEKDAYS } from '../constants';
import { MESSAGES } from '../validation/messages';
import { field, list, text, wire } from './core';

const m = MESSAGES.wishes;

/**
 * A wider waitlist: a member waits for any session of one class, or of one exercise type, on some
 * weekdays, starting within an hour band, at any sede; the first matching place that frees is theirs.
 */
export const wishForm = z
  .object({
    /** The class waited for ('' when an exercise type is). */
    lessonId: field(wire.text(), text(z.string().max(24))),
    /** The exercise type waited for ('' when a class is). */
    type: field(wire.text(), text(z.string().max(80))),
    days: field(
      wire.textList(),
      list(
        z
          .array(z.string())
          .min(1, m.daysRequired)
          .refine((days) => days.every((d) => (WEEKDAYS as readonly string[]).includes(d)), { error: m.daysRequired }),
      ),
    ),
    from: field(wire.text(), text(z.string().refine((h) => HALF_HOUR_CHOICES.includes(h), { error: m.hoursRequired }))),
    to: field(wire.text(), text(z.string().refine((h) => HALF_HOUR_CHOICES.includes(h), { error: m.hoursRequired }))),
  })
  .superRefine((form, ctx) => {
    if (!form.lessonId === !form.type) ctx.addIssue({ code: 'custom', path: ['lessonId'], message: m.targetRequired });
    if (hourToMinutes(form.to) <= hourToMinutes(form.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.hoursOrder });
    }
  });

/** A member's wider wait: what they wait for and whether a place came. */
export const wish = z.object({
  id: z.string(),
  kind: z.enum(['lesson', 'type']),
  /** The class's id or the exercise type's name. */
  target: z.string(),
  /** What it is called: 'Spinning', or 'Cardio'. */
  targetName: z.string(),
  days: z.string().array(),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  /** The session booked for it, once a place came (then it no longer waits). */
  session: z.string().nullable(),
});
z.globalRegistry.add(wish, { id: 'Wish' });

export const wishSaved = z.object({ message: z.string(), wish });

/** Waiting demand for the admin: by class, sede, weekday and hour. */
export const demandRow = z.object({
  lessonId: z.string(),
  lessonName: z.string(),
  branchName: z.string(),
  weekday: z.string(),
  /** The sessions' start hour (`H:mm`). */
  hour: z.string(),
  /** People on the waitlists of the upcoming sessions of that class at that weekday and hour. */
  waiting: z.number().int(),
  /** Wider waits (for the class or its exercise types) that such a session would fulfil. */
  wishes: z.number().int(),
});
z.globalRegistry.add(demandRow, { id: 'DemandRow' });

export type WishDto = z.infer<typeof wish>;
export type DemandRowDto = z.infer<typeof demandRow>;

import * as z from 'zod';
import { weeklySchedule } from './week';

/** An image as the API sends it: a URL the client can use from any origin. */
export const imageUrl = z.string().meta({
  description:
    "'/uploads/<file>' (resolve it against the API's origin) or an absolute https URL (Cloudinary); '' when there is none",
});

/** A plan's stretch of a membership. */
export const membershipPeriod = z.object({
  planId: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
});
z.globalRegistry.add(membershipPeriod, { id: 'MembershipPeriod' });

/**
 * The member's membership (the spec's `membresia`): the days it covers without a gap (`start` to
 * `end`; its status is derived from them), the plan running now (`planId`, `name`: the first one
 * before it starts, the last one after it ended), and the plans paid for, in order (`periods`: a
 * plan bought while another runs starts when that one ends).
 */
export const membership = z.object({
  planId: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['Activo', 'Inactivo']),
  /** What it is now: 'Activo', 'Pausada', 'Vencida' or 'Pago pendiente' (a failed renewal's grace). */
  state: z.enum(['Activo', 'Pausada', 'Vencida', 'Pago pendiente']),
  periods: z.array(membershipPeriod),
  /** Its pauses of the last year and those to come, oldest first: frozen from `from` until `until`. */
  pauses: z.array(z.object({ from: z.string(), until: z.string() })),
});
z.globalRegistry.add(membership, { id: 'Membership' });

/** A class as schedules and lists of names show it. */
export const lessonSummary = z.object({ id: z.string(), name: z.string(), ...weeklySchedule.shape });
z.globalRegistry.add(lessonSummary, { id: 'LessonSummary' });

export type MembershipDto = z.infer<typeof membership>;
export type MembershipPeriodDto = z.infer<typeof membershipPeriod>;
export type LessonSummaryDto = z.infer<typeof lessonSummary>;

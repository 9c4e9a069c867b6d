import * as z from 'zod';
import { weeklySchedule } from './week';

/** An image as the API sends it: a URL the client can use from any origin. */
export const imageUrl = z.string().meta({
  description:
    "'/uploads/<file>' (resolve it against the API's origin) or an absolute https URL (Cloudinary); '' when there is none",
});

/** The member's current membership (the spec's `membresia`); its status is derived from its dates. */
export const membership = z.object({
  planId: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['Activo', 'Inactivo']),
});
z.globalRegistry.add(membership, { id: 'Membership' });

/** A class as schedules and lists of names show it. */
export const lessonSummary = z.object({ id: z.string(), name: z.string(), ...weeklySchedule.shape });
z.globalRegistry.add(lessonSummary, { id: 'LessonSummary' });

export type MembershipDto = z.infer<typeof membership>;
export type LessonSummaryDto = z.infer<typeof lessonSummary>;

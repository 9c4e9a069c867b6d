import * as z from 'zod';

/** The member's current membership (§3 `membresia`); its status is derived from its dates. */
export const membership = z.object({
  planId: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['Activo', 'Inactivo']),
});

/** A class as schedules and lists of names show it. */
export const lessonSummary = z.object({
  id: z.string(),
  name: z.string(),
  scheduleDays: z.array(z.string()),
  scheduleHourStart: z.string(),
  scheduleHourFinish: z.string(),
});

export type MembershipDto = z.infer<typeof membership>;
export type LessonSummaryDto = z.infer<typeof lessonSummary>;

import { SCHEDULE_FIELDS } from '@pulso/shared';

/** How classes and sedes store their weekly schedule (`schemas.weeklySchedule`): days, start, end. */
export const scheduleDefinition = {
  scheduleDays: { type: [String], default: [] },
  scheduleHourStart: { type: String, required: true },
  scheduleHourFinish: { type: String, required: true },
} as const;

/** A projection that reads the schedule's fields. */
export const SCHEDULE_PROJECTION = Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, 1])) as Record<
  (typeof SCHEDULE_FIELDS)[number],
  1
>;

import * as z from 'zod';
import { hourToMinutes, startHourChoices, WEEKDAYS } from '../constants';
import { field, list, text, wire } from './core';

/**
 * The weekly schedule of a class or a sede: its days and its start and end hours. This is the one
 * place that names these fields; everything else spreads, picks or formats a `WeeklySchedule`.
 */
export const weeklySchedule = z.object({
  scheduleDays: z.array(z.string()),
  scheduleHourStart: z.string(),
  scheduleHourFinish: z.string(),
});
export type WeeklySchedule = z.infer<typeof weeklySchedule>;

/** The schedule's fields, for projections (`{ scheduleDays: 1, ... }`) and pickers. */
export const SCHEDULE_FIELDS = Object.keys(weeklySchedule.shape) as (keyof WeeklySchedule)[];

/** Just the schedule of something that has one (a stored class or sede, a form's values). */
export function scheduleOf(source: {
  scheduleDays: readonly string[];
  scheduleHourStart: string;
  scheduleHourFinish: string;
}): WeeklySchedule {
  return {
    scheduleDays: [...source.scheduleDays],
    scheduleHourStart: source.scheduleHourStart,
    scheduleHourFinish: source.scheduleHourFinish,
  };
}

/** A weekly schedule from its days and hours (demo data, test worlds, request bodies). */
export function weekly(days: readonly string[], start: string, finish: string): WeeklySchedule {
  return { scheduleDays: [...days], scheduleHourStart: start, scheduleHourFinish: finish };
}

/** Chosen weekdays: at least one, every one a day of WEEKDAYS (else the form's message). */
export const weekdays = (required: string) =>
  field(
    wire.textList(),
    list(
      z
        .array(z.string())
        .refine((days) => days.length > 0 && days.every((d) => (WEEKDAYS as readonly string[]).includes(d)), {
          error: required,
        }),
    ),
  );

interface HourMessages {
  hourStartRequired: string;
  hourFinishRequired: string;
  hourOrder: string;
}

/**
 * A schedule's start and end hours: only the choices the forms offer (whole hours for sedes, half
 * hours for classes; 24:00 ends a day and starts nothing), and the end after the start (`hourOrder`,
 * checked by the form's object once both hours are valid choices).
 */
export function hourFields(messages: HourMessages, choices: readonly string[]) {
  const starts = startHourChoices(choices);
  return {
    scheduleHourStart: field(
      wire.text(),
      text(z.string().refine((s) => starts.includes(s), { error: messages.hourStartRequired })),
    ),
    scheduleHourFinish: field(
      wire.text(),
      text(z.string().refine((f) => choices.includes(f), { error: messages.hourFinishRequired })),
    ),
  };
}

/** The end hour after the start, once both are valid choices (a form object's refinement). */
export function hourOrder(messages: HourMessages, choices: readonly string[]) {
  const starts = startHourChoices(choices);
  return (form: { scheduleHourStart: string; scheduleHourFinish: string }, ctx: z.RefinementCtx) => {
    const { scheduleHourStart: s, scheduleHourFinish: f } = form;
    if (starts.includes(s) && choices.includes(f) && hourToMinutes(f) <= hourToMinutes(s)) {
      ctx.addIssue({ code: 'custom', path: ['scheduleHourFinish'], message: messages.hourOrder });
    }
  };
}

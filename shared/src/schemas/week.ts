import * as z from 'zod';
import { hourToMinutes, startHourChoices, WEEKDAYS } from '../constants';
import { field, list, text, wire } from './core';

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

import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, text, wire, type FormValues } from './core';
import { toBoolean } from './users';

const m = MESSAGES.planForm;

/**
 * Plan create and edit (the spec's Plan form): benefits are letters, digits and spaces, and commas may
 * separate several (no empty benefit between them).
 */
export const planForm = z.object({
  name: field(
    wire.text(),
    text(
      z
        .string()
        .min(1, m.nameRequired)
        .regex(/^[\p{L} ,]+$/u, m.nameLetters),
    ),
  ),
  benefits: field(
    wire.text(),
    text(
      z
        .string()
        .min(1, m.benefitsRequired)
        .regex(/^[\p{L}\d ]*[\p{L}\d][\p{L}\d ]*(,[\p{L}\d ]*[\p{L}\d][\p{L}\d ]*)*$/u, m.benefitsChars),
    ),
  ),
  duration: field(
    wire.textOrNumber(),
    text(
      z
        .string()
        .min(1, m.durationRequired)
        .regex(/^[1-9]\d{0,2}$/, m.durationFormat),
    ),
  ),
  price: field(
    wire.textOrNumber(),
    text(
      z
        .string()
        .min(1, m.priceRequired)
        .regex(/^\d{1,9}(\.\d{1,2})?$/, m.priceFormat),
    ),
  ),
  /**
   * Sold as renewing every duration (charged again until the member stops it; issue 23, item 2);
   * absent or false: one-off, the spec's behaviour.
   */
  renewing: field(
    wire.boolOrText(),
    z.unknown().refine((v) => v == null || v === '' || toBoolean(v) !== undefined, { error: m.renewingInvalid }),
  ),
});

/** A membership plan as the API sends it. */
export const plan = z.object({
  id: z.string(),
  name: z.string(),
  /** Months. */
  duration: z.number(),
  benefits: z.string(),
  price: z.number(),
  /** Charged again every duration until the member stops it (else one-off). */
  renewing: z.boolean(),
  /** Only in admin lists: when the plan was retired. */
  deletedAt: z.string().nullable().optional(),
});
z.globalRegistry.add(plan, { id: 'Plan' });

/** A plan created or changed. */
export const planSaved = z.object({ message: z.string(), plan });

export type PlanDto = z.infer<typeof plan>;
export type PlanInput = FormValues<typeof planForm>;

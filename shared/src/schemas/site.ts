import * as z from 'zod';
import { contactMessage } from './contact';

/** GET /api/health: the process is up. */
export const health = z.object({ status: z.literal('ok'), uptime: z.number() });

/** GET /api/ready: whether the database answers and the process is not stopping (503 otherwise). */
export const ready = z.object({ status: z.enum(['ready', 'unavailable', 'draining']), database: z.string() });

/** GET /api/openapi.json: this API's OpenAPI 3.1 document. */
export const openApiDocument = z.looseObject({}).meta({ description: 'An OpenAPI 3.1 document' });

/** Settings the server exposes to the SPA at run time (GET /api/config). */
export const publicConfig = z.object({
  gymName: z.string(),
  /** ISO 4217 code, lower case, of the prices. */
  currency: z.string(),
  /** The Google OAuth client id when Google sign-in is configured, else null (button hidden). */
  googleClientId: z.string().nullable(),
  /**
   * How plans are bought online: Stripe Checkout, the built-in demo checkout, or null when this
   * installation takes no online payments (plans are then sold at the front desk only).
   */
  payments: z.enum(['stripe', 'demo']).nullable(),
  /** The chain's rules for a member's own pauses ('Pausar membresía'); staff skip the notice and the yearly count. */
  pauses: z.object({
    minDays: z.number(),
    maxDays: z.number(),
    perYear: z.number(),
    noticeDays: z.number(),
  }),
});
z.globalRegistry.add(publicConfig, { id: 'PublicConfig' });

/** The dashboard overview (GET /api/stats, admins only). */
export const stats = z.object({
  /** Accounts not suspended whose membership has not ended. */
  activeMembers: z.number(),
  /** Classes not retired (available or not). */
  classes: z.number(),
  sedes: z.number(),
  /** Trainer accounts not suspended. */
  trainers: z.number(),
  /** Paid payments of the last 30 days, summed per currency (amounts in major units). */
  revenueLast30Days: z.array(z.object({ currency: z.string(), amount: z.number(), payments: z.number() })),
  /** The newest contact messages, newest first. */
  latestMessages: z.array(contactMessage),
  generatedAt: z.string(),
});

export type HealthDto = z.infer<typeof health>;
export type ReadyDto = z.infer<typeof ready>;
export type PublicConfigDto = z.infer<typeof publicConfig>;
export type StatsDto = z.infer<typeof stats>;

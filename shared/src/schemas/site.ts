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

const overviewClass = z.object({
  id: z.string(),
  name: z.string(),
  sede: z.string(),
  sedeName: z.string(),
  sessions: z.number(),
  capacity: z.number(),
  booked: z.number(),
  attended: z.number(),
  occupancy: z.number().nullable(),
});

/**
 * The overview's charts (GET /api/stats/overview): a period's revenue by plan and sede, members
 * over time with churn, occupancy and attendance by weekday and hour, the fullest and emptiest
 * classes, and the lists to act on (memberships about to end, renewals whose charge failed).
 */
export const overview = z.object({
  from: z.string(),
  to: z.string(),
  /** The sede asked for (a sede manager's always); null for the chain. */
  branch: z.string().nullable(),
  step: z.enum(['day', 'week']),
  currency: z.string(),
  revenue: z.object({
    total: z.number(),
    payments: z.number(),
    plans: z.array(z.object({ id: z.string(), name: z.string(), amount: z.number(), payments: z.number() })),
    sedes: z.array(z.object({ id: z.string().nullable(), name: z.string(), amount: z.number(), payments: z.number() })),
    buckets: z.array(
      z.object({
        start: z.string(),
        end: z.string(),
        total: z.number(),
        byPlan: z.record(z.string(), z.number()),
        bySede: z.record(z.string(), z.number()),
      }),
    ),
  }),
  members: z.object({
    atStart: z.number(),
    active: z.number(),
    paused: z.number(),
    started: z.number(),
    lapsed: z.number(),
    churn: z.number().nullable(),
    buckets: z.array(
      z.object({
        start: z.string(),
        end: z.string(),
        active: z.number(),
        paused: z.number(),
        started: z.number(),
        lapsed: z.number(),
      }),
    ),
  }),
  heatmap: z.array(
    z.object({
      weekday: z.number(),
      hour: z.number(),
      sessions: z.number(),
      capacity: z.number(),
      booked: z.number(),
      attended: z.number(),
      occupancy: z.number().nullable(),
      attendance: z.number().nullable(),
    }),
  ),
  classes: z.object({ fullest: z.array(overviewClass), emptiest: z.array(overviewClass) }),
  /** Memberships not renewing that end in the next days, soonest first. */
  expiring: z.array(
    z.object({ id: z.string(), fullName: z.string(), email: z.string(), plan: z.string(), end: z.string() }),
  ),
  /** Renewals whose charge failed in the period, newest first. */
  failedPayments: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      email: z.string(),
      plan: z.string(),
      amount: z.number(),
      failedAt: z.string(),
      /** 'past_due' while the member keeps access, 'lapsed' once the grace ran out. */
      status: z.string(),
    }),
  ),
  /** When the oldest of the period's days was summed (the job sums them every few minutes). */
  computedAt: z.string().nullable(),
});
z.globalRegistry.add(overview, { id: 'Overview' });

export type HealthDto = z.infer<typeof health>;
export type ReadyDto = z.infer<typeof ready>;
export type PublicConfigDto = z.infer<typeof publicConfig>;
export type StatsDto = z.infer<typeof stats>;
export type OverviewDto = z.infer<typeof overview>;

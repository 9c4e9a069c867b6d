import * as z from 'zod';
import { payment } from './payments';
import { memberAttendance } from './sessions';
import { membership } from './shared-dtos';
import { preferences } from './users';
import { wish } from './wishes';

/**
 * Everything Pulso holds about the signed-in person (GET /users/export, 'Descargar mis datos' on
 * the profile; issue 23, item 7), as one JSON document they can keep or take elsewhere.
 */
export const dataExport = z.object({
  exportedAt: z.string(),
  /** The gym whose data it is (GYM_NAME). */
  gym: z.string(),
  account: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    isAdmin: z.boolean(),
    isMonitor: z.boolean(),
    /** The address is known to be theirs (Google, a reset link, or staff vouched for it). */
    emailVerified: z.boolean(),
    createdAt: z.string().nullable(),
    suspendedAt: z.string().nullable(),
    /** Signed in with Google as well (the Google account's id is not exported). */
    google: z.boolean(),
    preferences,
    /** The classes on their own schedule ('Añadir clase'). */
    schedule: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Their home sede ('Sede habitual'), null when none. */
    homeBranch: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  membership: membership.nullable(),
  /** Each purchase and what it did to the membership, oldest first. */
  membershipHistory: z.array(
    z.object({
      at: z.string(),
      payment: z.string(),
      /**
       * A purchase's kind, a pause ('pause': `payment` names the pause, not a payment), or a refund
       * ('refund': `payment` is `refund:<payment id>`, the period the days the membership lost).
       */
      kind: z.enum(['new', 'renewal', 'change', 'pause', 'refund']),
      plan: z.string(),
      /** The days that purchase paid for (a pause: the days it froze). */
      start: z.string(),
      end: z.string(),
    }),
  ),
  payments: z.array(payment),
  /** The sessions they hold a place in or wait for. */
  bookings: z.array(z.object({ session: z.string(), lessonName: z.string(), start: z.string(), end: z.string() })),
  attendance: memberAttendance,
  waits: z.array(wish),
  reviews: z.array(
    z.object({
      lessonId: z.string(),
      lessonName: z.string(),
      stars: z.number(),
      description: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Messages sent through the contact form from their e-mail address. */
  contactMessages: z.array(
    z.object({
      name: z.string(),
      subject: z.string(),
      company: z.string(),
      message: z.string(),
      createdAt: z.string(),
    }),
  ),
});
z.globalRegistry.add(dataExport, { id: 'DataExport' });

export type DataExportDto = z.infer<typeof dataExport>;

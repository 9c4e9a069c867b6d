import type { Logger } from 'pino';
import type { AppContext } from './lib/context';
import { JobRunner, purgeOldLeases } from './lib/jobs';
import { purgeRateLimits } from './middleware/rate-limit-store';
import { reportJobs } from './lib/metrics';
import { closeEndedSessions } from './modules/bookings/bookings.checkin';
import { sendPendingNotices } from './modules/bookings/bookings.notices';
import { retryPending } from './modules/contact/contact.service';
import { refreshInsights } from './modules/stats/insights';
import { applyReviewerRenames } from './modules/reviews/reviewer-names';
import { renewalDeps, runRenewals } from './modules/payments/renewals';
import { sendAnnouncements } from './modules/announcements/announcements.service';
import { finishPendingErasures } from './modules/users/account-erasure';
import { finishPendingPauses } from './modules/users/membership-pauses';
import { sendMembershipReminders } from './modules/users/membership-reminders';
import { purgeExpiredResets } from './modules/users/password-reset.service';

const DAY_MS = 24 * 3_600_000;

/**
 * The server's periodic jobs, each run by one process per period whatever the number of servers
 * on the database (lib/jobs.ts). A new job is one more `add`. Their counts go to the metrics.
 */
export function createJobs(ctx: AppContext, logger: Logger): JobRunner {
  const { config } = ctx;
  const { intervalMs, leaseMs, pollMs } = config.jobs;
  const runner = new JobRunner({ leaseMs, pollMs, logger });
  // Scraped as pulso_job_runs_total and pulso_job_failures_total (GET /api/metrics).
  reportJobs(() => Object.entries(runner.stats()).map(([name, stats]) => ({ name, ...stats })));
  return (
    runner
      // Contact messages that could not be e-mailed.
      .add({
        name: 'contact-retry',
        everyMs: intervalMs,
        run: () => retryPending(ctx.mailer, config.contactTo, logger, { leaseMs }),
      })
      // Expired password-reset tokens (FerretDB has no TTL indexes).
      .add({ name: 'reset-purge', everyMs: intervalMs, run: purgeExpiredResets })
      // Ended rate-limit windows and their counted requests (kept off the request path).
      .add({ name: 'rate-limit-purge', everyMs: intervalMs, run: () => purgeRateLimits() })
      // A reviewer's new name onto their reviews (read models: reviews carry their author's name).
      .add({ name: 'reviewer-names', everyMs: Math.min(intervalMs, 30_000), run: () => applyReviewerRenames(logger) })
      // Booking e-mails (a place from the waitlist, a cancelled session) whose first send failed.
      .add({
        name: 'booking-notices',
        everyMs: Math.min(intervalMs, 60_000),
        run: () => sendPendingNotices(ctx, logger),
      })
      // Attendance of the sessions that ended: booked members who never checked in become no-shows.
      .add({
        name: 'session-attendance',
        everyMs: Math.min(intervalMs, 60_000),
        run: () => closeEndedSessions(config.bookings, logger),
      })
      // E-mails before a membership ends and when it has lapsed, each once.
      .add({
        name: 'membership-reminders',
        everyMs: Math.min(intervalMs, 15 * 60_000),
        run: () =>
          sendMembershipReminders({
            mailer: ctx.mailer,
            gymName: config.gymName,
            publicUrl: config.publicUrl,
            reminderDays: config.memberships.reminderDays,
            logger,
          }),
      })
      // Renewing plans due: the demo's charged, stopped ones ended, unpaid ones lapsed after their grace.
      .add({
        name: 'subscription-renewals',
        everyMs: Math.min(intervalMs, 60_000),
        run: () => runRenewals(renewalDeps(ctx, logger)),
      })
      // Account erasures a stopped server left half-way (the account is locked out meanwhile).
      .add({
        name: 'account-erasures',
        everyMs: Math.min(intervalMs, 60_000),
        run: () => finishPendingErasures({ ctx, logger }),
      })
      // Pauses a stopped server left half-done (places in the paused days, the renewal's date).
      .add({
        name: 'membership-pauses',
        everyMs: Math.min(intervalMs, 60_000),
        run: () => finishPendingPauses({ ctx, logger }),
      })
      // Announcements to members, at most ANNOUNCEMENTS_PER_MINUTE e-mails a minute.
      .add({
        name: 'announcements',
        everyMs: Math.min(intervalMs, 60_000),
        run: () =>
          sendAnnouncements({ ctx, logger }, (config.announcements.perMinute * Math.min(intervalMs, 60_000)) / 60_000),
      })
      // The overview's daily sums: the latest days again, the whole year once a day.
      .add({
        name: 'overview-days',
        everyMs: Math.min(intervalMs, 10 * 60_000),
        run: () => refreshInsights({ timeZone: config.bookings.timeZone, currency: config.currency }, logger),
      })
      // The jobs' own leases, a day after they ended.
      .add({ name: 'lease-purge', everyMs: intervalMs, run: () => purgeOldLeases(DAY_MS) })
  );
}

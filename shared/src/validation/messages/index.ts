// The sections of MESSAGES (validation/messages.ts), each a module whose exports are its texts.

export * as userForm from './user-form';
export * as lessonForm from './lesson-form';
export * as trainerForm from './trainer-form';
export * as branchForm from './branch-form';
export * as auth from './auth';
export * as planForm from './plan-form';
export * as users from './users';
export * as lessons from './lessons';
/** Class sessions and their places (issue 22). */
export * as bookings from './bookings';
/** The private calendar feed (iCal) of a member or trainer. */
export * as feeds from './feeds';
/** Wider waits: any session of a class or an exercise type, on some days, in an hour band. */
export * as wishes from './wishes';
/** Checking members in at the sede (the front desk scans or types the code of their profile). */
export * as checkin from './checkin';
/** A class's days and hours against its sede's and its trainer's other classes (issue 18). */
export * as schedule from './schedule';
export * as reviews from './reviews';
export * as payments from './payments';
/** Renewing plans (issue 23, item 2): the member's renewal, its charges, dunning and cancellation. */
export * as subscriptions from './subscriptions';
/** Pausing a membership (issue 23, item 4): the rules' refusals, the answers and the profile's words. */
export * as pauses from './pauses';
/** Announcements to members (issue 24, item 6) and the e-mail when a sede's hours change. */
export * as announcements from './announcements';
/** Numbered receipts: the PDF (receipts/pdf.ts), 'Mis pagos', the receipt e-mail. */
export * as receipts from './receipts';
/** The membership e-mails (server/src/modules/users/membership-reminders.ts). */
export * as memberships from './memberships';
export * as events from './events';
export * as branches from './branches';
export * as contactForm from './contact-form';
export * as api from './api';

/**
 * Every mongoose model, so that `syncIndexes()` in a script (restore) builds all the indexes the
 * server would. The backup test checks that a restored database ends up with the same indexes.
 */
import '../lib/jobs';
import '../modules/announcements/announcements.model';
import '../modules/audit/audit.model';
import '../modules/branches/branches.model';
import '../modules/calendar/calendar.model';
import '../modules/catalog/catalog.model';
import '../modules/contact/contact.model';
import '../modules/lessons/lessons.model';
import '../modules/payments/payments.model';
import '../modules/payments/receipts.model';
import '../modules/payments/subscriptions.model';
import '../modules/plans/plans.model';
import '../modules/reviews/reviews.model';
import '../modules/users/account-keys.model';
import '../modules/users/identity.model';
import '../modules/users/membership.model';
import '../modules/users/password-reset.model';
import '../modules/users/users.model';
import '../middleware/rate-limit.model';

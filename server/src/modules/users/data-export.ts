import { Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, type DataExportDto } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
import { attendanceOf } from '../bookings/bookings.attendance';
import { heldEntries } from '../bookings/bookings.service';
import { wishesOf } from '../bookings/bookings.wishes';
import { lessonSummaries } from '../lessons/lessons.service';
import { messagesFrom } from '../contact/contact.service';
import { listMemberPayments } from '../payments/payments.service';
import { reviewsByMember } from '../reviews/reviews.service';
import { membershipLinks, purchaseOf } from './membership.service';
import { toMembershipDto } from './users.mapper';
import { UserModel, type UserDoc } from './users.model';
import { hasGoogleIdentity, homeBranchRef } from './users.service';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Everything Pulso holds about the user `id` (issue 23, item 7): what 'Descargar mis datos' saves. */
export async function exportUserData(id: string, gym: string, now = new Date()): Promise<DataExportDto> {
  const _id = new Types.ObjectId(id);
  const user = await UserModel.findById(_id).lean<UserDoc & { createdAt?: Date }>();
  if (!user) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  const [schedule, chain, payments, bookings, attendance, waits, reviews, contactMessages, google] = await Promise.all([
    lessonSummaries(user.lessons ?? []),
    membershipLinks(_id),
    listMemberPayments(id, 10_000),
    heldEntries(_id),
    attendanceOf(_id, Number.MAX_SAFE_INTEGER),
    wishesOf(_id),
    reviewsByMember(_id),
    messagesFrom(user.email),
    hasGoogleIdentity(_id),
  ]);
  return {
    exportedAt: now.toISOString(),
    gym,
    account: {
      id,
      fullName: user.fullName,
      email: user.email,
      phone: user.phone ?? '',
      isAdmin: user.isAdmin ?? false,
      isMonitor: user.isMonitor ?? false,
      emailVerified: user.emailVerified ?? false,
      createdAt: iso(user.createdAt),
      suspendedAt: iso(user.deletedAt),
      google,
      preferences: { membershipReminders: user.membershipReminders !== false },
      schedule: schedule.map((l) => ({ id: l.id, name: l.name })),
      homeBranch: await homeBranchRef(user.homeBranch),
    },
    membership: toMembershipDto(user.membership, now),
    membershipHistory: chain.map((link) => {
      const { kind, period } = purchaseOf(link);
      return {
        at: link.at.toISOString(),
        payment: link.payment,
        kind,
        // A link's membership is named after the plan its purchase bought.
        plan: link.result.name,
        start: period.start.toISOString(),
        end: period.end.toISOString(),
      };
    }),
    payments,
    bookings: bookings.map((b) => ({ session: b.session, lessonName: b.lessonName, start: b.start, end: b.end })),
    attendance,
    waits,
    reviews: reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    contactMessages: contactMessages.map((d) => ({
      name: d.name,
      subject: d.subject,
      company: d.company ?? '',
      message: d.message ?? '',
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { ignoreDuplicateKeys } from '../../lib/db';
import { writeEmailKeys } from './account-keys.service';
import { MembershipLinkModel } from './membership.model';
import { UserModel } from './users.model';

interface Stretch {
  planId: Types.ObjectId;
  name: string;
  start: Date;
  end: Date;
  pauses?: { from: Date; until: Date }[];
  graceUntil?: Date;
}

/** A member of the demo chain's year of history (seed/demo-history.ts). */
export interface HistoryMember {
  _id: Types.ObjectId;
  fullName: string;
  email: string;
  phone: string;
  homeBranch: Types.ObjectId;
  createdAt: Date;
  /** Their membership as it stands now (the last link's). */
  membership: Stretch | null;
  subscription: string | null;
  /** Each purchase as their membership chain keeps it. */
  links: { payment: string; kind: 'new' | 'renewal'; result: Stretch; period: { start: Date; end: Date }; at: Date }[];
}

/**
 * Writes the history's members with their membership chains, all with one password hash (the demo's
 * members' own). Run once, by the seed, into a chain it has just made.
 */
export async function insertHistoryMembers(members: readonly HistoryMember[], passwordHash: string): Promise<number> {
  if (members.length === 0) return 0;
  await UserModel.collection
    .insertMany(
      members.map((m) => ({
        _id: m._id,
        fullName: m.fullName,
        email: m.email,
        passwordHash,
        emailVerified: true,
        phone: m.phone,
        isMonitor: false,
        isAdmin: false,
        staffRole: null,
        deletedAt: null,
        erasedAt: null,
        membership: m.membership,
        membershipReminders: true,
        membershipSeq: m.links.length || null,
        subscription: m.subscription,
        homeBranch: m.homeBranch,
        lessons: [],
        createdAt: m.createdAt,
        updatedAt: m.createdAt,
      })),
      { ordered: false },
    )
    .catch(ignoreDuplicateKeys);
  // Another server seeding at once writes the same accounts under the same ids: its keys are theirs too.
  await writeEmailKeys(members, true);
  const links = members.flatMap((m) =>
    m.links.map((link, i) => ({
      _id: `${m._id.toString()}:${i + 1}`,
      user: m._id,
      seq: i + 1,
      payment: link.payment,
      kind: link.kind,
      result: link.result,
      period: link.period,
      at: link.at,
    })),
  );
  if (links.length)
    await MembershipLinkModel.collection.insertMany(links as never[], { ordered: false }).catch(ignoreDuplicateKeys);
  return members.length;
}

/**
 * The id of a history record named `key` ('member:7', 'payment:7:2'): the same on every run, so two
 * servers seeding at once write the same records and the second's are refused as duplicates.
 */
export const historyId = (key: string) =>
  new Types.ObjectId(createHash('sha256').update(`pulso-demo-history:${key}`).digest('hex').slice(0, 24));

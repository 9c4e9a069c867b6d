import {
  LESSON_CAPACITY,
  type StaffRole,
  DEMO_BRANCHES,
  DEMO_GOALS,
  DEMO_LESSONS,
  DEMO_MEMBER_LESSONS,
  DEMO_PLANS,
  DEMO_REVIEWS,
  DEMO_TYPES,
  DEMO_USERS,
  lessonImageFile,
  type AttendanceKind,
  type AnnouncementDto,
  type AuditAction,
  type AuditEntity,
  type AuditValue,
  type SessionState,
  type BranchDto,
  type LessonDto,
  type IsoMembership,
  type PaymentProviderName,
  type PaymentStatus,
  type PlanDto,
} from '@pulso/shared';
import { seedDemoBookings } from './demo-bookings';

/**
 * The mock mode's in-memory database: the same demo chain as `npm run seed` (from @pulso/shared),
 * derived the same way as server/src/seed/seed.ts, and kept in localStorage so a reload keeps what
 * the visitor did. Dates are ISO strings; ids look like MongoDB ObjectIds (24 hex digits), so an
 * id the server would refuse as malformed is refused here too.
 */

export const MOCK_DB_STORAGE_KEY = 'pulso-mock-db';
// 2: a class names its trainer and its branch as `trainer` and `branch`.
const SCHEMA_VERSION = 3;

/** A membership as the server stores it: its span, its latest plan, and the periods paid (older records: none). */
/** A membership as stored; `graceUntil` while a failed renewal's grace runs (access until then). */
export type MembershipRec = IsoMembership & { graceUntil?: string };

export interface WishRec {
  id: string;
  kind: 'lesson' | 'type';
  target: string;
  targetName: string;
  days: string[];
  from: string;
  to: string;
  createdAt: string;
  session: string | null;
}

export interface AttendanceRec {
  session: string;
  lessonName: string;
  start: string;
  kind: AttendanceKind;
  at: string;
}

export interface UserRec {
  id: string;
  fullName: string;
  email: string;
  /** Kept in clear: this database lives in the visitor's own browser and only holds demo accounts. */
  password: string | null;
  phone: string;
  isAdmin: boolean;
  isMonitor: boolean;
  /** A sede manager's or front desk's role; absent in older saves. */
  staffRole?: StaffRole | null;
  deletedAt: string | null;
  /** When its holder erased the account; absent in older saves. */
  erasedAt?: string | null;
  membership: MembershipRec | null;
  /** The home sede's id ('Sede habitual'); absent in older saves. */
  homeBranch?: string | null;
  /** E-mails before the membership ends and when it lapsed (on unless switched off). */
  membershipReminders?: boolean;
  lessons: string[];
  createdAt: string;
  /** Tokens issued before this moment (ms) are refused: a password change ended them. */
  sessionsValidAfter?: number;
}

/** A session's state as the mock keeps it in storage: the shared SessionState with its dates as text. */
export type StoredSession = Jsonified<SessionState>;

/** A session's state as stored: its dates as text. */
export const toStoredSession = (state: SessionState): StoredSession =>
  JSON.parse(JSON.stringify(state)) as StoredSession;
type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T;

/** A plan as stored; `renewing` is absent in older saves (one-off). */
export type PlanRec = Omit<PlanDto, 'deletedAt' | 'renewing'> & { deletedAt: string | null; renewing?: boolean };

export type BranchRec = BranchDto;

/** A class as stored: its own fields of the answers, the effort as a number, its trainer's and branch's ids. */
export type LessonRec = Omit<
  LessonDto,
  'effort' | 'exercisesTypes' | 'monitor' | 'monitorId' | 'branchoffice' | 'officeId' | 'reviews'
> & {
  effort: number;
  trainer: string;
  branch: string;
  /** Sessions kept at their date and hours when the schedule changed (the server's lessons.model.ts). */
  pinnedSessions?: { date: string; start: string; end: string }[];
};

export interface ReviewRec {
  id: string;
  user: string;
  lesson: string;
  stars: number;
  description: string;
  createdAt: string;
}

export interface PaymentRec {
  id: string;
  user: string;
  plan: string;
  planName: string;
  duration: number;
  amount: number;
  currency: string;
  provider: PaymentProviderName;
  providerSessionId: string;
  status: PaymentStatus;
  checkoutUrl: string | null;
  createdAt: string;
  paidAt: string | null;
  membershipStart: string | null;
  membershipEnd: string | null;
  /** Its receipt's number once issued; absent in older saves. */
  receiptNumber?: number | null;
  /** A renewal's charge: its subscription and cycle (absent for other payments). */
  renewal?: { subscription: string; cycle: number; from: string } | null;
  /** A refund (absent in older saves and for payments never refunded). */
  refundedAt?: string | null;
  refundReason?: string;
}

/** A numbered receipt as issued (the server's `receipts` collection), dates as ISO text. */
export interface ReceiptRec {
  number: number;
  payment: string;
  issuedAt: string;
  issuer: { name: string; taxId: string; address: string; taxRate: number };
  buyer: { name: string; email: string };
  planName: string;
  period: { start: string; end: string } | null;
  amount: number;
  currency: string;
  method: PaymentProviderName;
  reference: string;
  note: string | null;
}

/** A renewing plan (the server's `subscriptions`), dates as ISO text. */
export interface SubscriptionRec {
  id: string;
  user: string;
  plan: string;
  planName: string;
  duration: number;
  amount: number;
  currency: string;
  provider: PaymentProviderName;
  status: 'active' | 'past_due' | 'canceled' | 'lapsed';
  cycle: number;
  paidThrough: string;
  nextChargeAt: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  cardFailing: boolean;
  failedAt: string | null;
  graceUntil: string | null;
  endedAt: string | null;
  createdAt: string;
}

/** A change staff made, as the audit trail keeps it (the server's audit.model.ts). */
export interface AuditRec {
  id: string;
  at: string;
  actor: { id: string; name: string; role: string };
  ip: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  label: string;
  changes: { field: string; before: AuditValue; after: AuditValue }[];
  related: string[];
}

export interface EventRec {
  id: string;
  title: string;
  start: string;
  end: string;
  createdBy: string;
}

export interface ContactRec {
  id: string;
  name: string;
  subject: string;
  email: string;
  company: string;
  message: string;
  createdAt: string;
}

export interface TokenRec {
  id: string;
  isAdmin: boolean;
  issuedAt: number;
}

export interface MockData {
  version: number;
  /** The 'random' middle of this database's ids, as a MongoDB process has one. */
  idPrefix: string;
  idCounter: number;
  plans: PlanRec[];
  users: UserRec[];
  branches: BranchRec[];
  lessons: LessonRec[];
  reviews: ReviewRec[];
  payments: PaymentRec[];
  events: EventRec[];
  contacts: ContactRec[];
  /** Class sessions something happened to, by id (`<lessonId>:<YYYY-MM-DD>`); dates as ISO text. */
  sessions: Record<string, StoredSession>;
  /** Each member's wider waits, by member id, oldest first; absent in older saves. */
  wishes?: Record<string, WishRec[]>;
  /** Each member's attendance (check-ins, no-shows, late cancels), by member id; absent in older saves. */
  attendance?: Record<string, AttendanceRec[]>;
  types: { id: string; name: string }[];
  goals: { id: string; name: string }[];
  /** Issued session tokens: a token not in this map (a tampered one) is refused. */
  tokens: Record<string, TokenRec>;
  /** Each account's calendar feed token, by owner (absent until the first is made). */
  calendarFeeds?: Record<string, { token: string; createdAt: string }>;
  /** The numbered receipts, oldest first (absent in older saves). */
  receipts?: ReceiptRec[];
  /** Renewing plans, oldest first (absent in older saves). */
  subscriptions?: SubscriptionRec[];
  /** The audit trail (the server's audit_entries), newest last; absent in older saves. */
  audit?: AuditRec[];
  /** Announcements to members (the server's announcements), oldest first; absent in older saves. */
  announcements?: AnnouncementDto[];
}

export interface MockDbOptions {
  /** Where the demo images are served from (default '/demo-images/'). */
  imageBase?: string;
  /** localStorage or a stand-in; none keeps the data in memory only. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now?: () => Date;
}

const DAY = 24 * 60 * 60 * 1000;

export function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh MongoDB-like id: seconds, this database's prefix, a counter. */
export function nextId(data: MockData): string {
  data.idCounter = (data.idCounter + 1) % 0xffffff;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${data.idPrefix}${data.idCounter.toString(16).padStart(6, '0')}`;
}

/** The demo chain, derived exactly as server/src/seed/seed.ts derives it. */
export function seedData(imageBase = '/demo-images/', now = new Date()): MockData {
  const data: MockData = {
    version: SCHEMA_VERSION,
    idPrefix: randomHex(5),
    idCounter: Math.floor(Math.random() * 0xffff),
    plans: [],
    users: [],
    branches: [],
    lessons: [],
    reviews: [],
    payments: [],
    events: [],
    contacts: [],
    sessions: {},
    types: [],
    goals: [],
    tokens: {},
  };
  const created = now.toISOString();
  data.plans = DEMO_PLANS.map((p) => ({ id: nextId(data), ...p, deletedAt: null }));
  data.types = DEMO_TYPES.map((name) => ({ id: nextId(data), name }));
  data.goals = DEMO_GOALS.map((name) => ({ id: nextId(data), name }));

  const plans = new Map(data.plans.map((p) => [p.name, p]));
  data.users = DEMO_USERS.map((u) => {
    const plan = u.plan ? plans.get(u.plan) : undefined;
    const start = new Date(now.getTime() - 10 * DAY);
    const end = new Date(start);
    end.setMonth(end.getMonth() + (plan?.duration ?? 0));
    return {
      id: nextId(data),
      fullName: u.fullName,
      email: u.email,
      password: u.password,
      phone: u.phone,
      isAdmin: u.isAdmin ?? false,
      isMonitor: u.isMonitor ?? false,
      staffRole: u.staffRole ?? null,
      deletedAt: null,
      membership: plan
        ? { planId: plan.id, name: plan.name, start: start.toISOString(), end: end.toISOString() }
        : null,
      lessons: [],
      createdAt: created,
    };
  });

  // Each demo membership was paid at the desk.
  for (const user of data.users) {
    const plan = user.membership ? plans.get(user.membership.name) : undefined;
    if (!plan || !user.membership) continue;
    data.payments.push({
      id: nextId(data),
      user: user.id,
      plan: plan.id,
      planName: plan.name,
      duration: plan.duration,
      amount: plan.price,
      currency: 'usd',
      provider: 'manual',
      providerSessionId: `seed_${user.id}`,
      status: 'paid',
      checkoutUrl: null,
      createdAt: created,
      paidAt: user.membership.start,
      membershipStart: user.membership.start,
      membershipEnd: user.membership.end,
    });
  }

  data.branches = DEMO_BRANCHES.map(({ image, ...fields }) => ({
    id: nextId(data),
    ...fields,
    image: `${imageBase}${image}`,
  }));

  const trainers = new Map(data.users.filter((u) => u.isMonitor).map((u) => [u.fullName, u.id]));
  const branches = new Map(data.branches.map((b) => [b.name, b.id]));
  for (const user of data.users) {
    const home = DEMO_USERS.find((d) => d.email === user.email)?.homeBranchName;
    user.homeBranch = home ? (branches.get(home) ?? null) : null;
  }
  data.lessons = DEMO_LESSONS.flatMap(({ trainer, branch, ...fields }) => {
    const trainerId = trainers.get(trainer);
    const branchId = branches.get(branch);
    if (!trainerId || !branchId) return [];
    return {
      id: nextId(data),
      ...fields,
      isAvailable: fields.isAvailable ?? true,
      capacity: LESSON_CAPACITY.default,
      trainer: trainerId,
      branch: branchId,
      image: `${imageBase}${lessonImageFile(fields.name)}`,
      averageStars: 0,
      reviewCount: 0,
      deletedAt: null,
    };
  });

  const member = data.users.find((u) => u.email === DEMO_USERS.find((d) => d.plan)?.email);
  if (member) {
    const byName = new Map(data.lessons.map((l) => [l.name, l]));
    member.lessons = DEMO_MEMBER_LESSONS.flatMap((name) => byName.get(name)?.id ?? []);
    for (const review of DEMO_REVIEWS) {
      const lesson = byName.get(review.lesson);
      if (!lesson) continue;
      data.reviews.push({
        id: nextId(data),
        user: member.id,
        lesson: lesson.id,
        stars: review.stars,
        description: review.description,
        createdAt: created,
      });
      lesson.averageStars = review.stars;
      lesson.reviewCount = 1;
    }
  }
  seedDemoBookings(data, now);
  return data;
}

function defaultStorage(): MockDbOptions['storage'] {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The database of one mock API: load, save after each change, reset to the demo chain. */
export class MockDb {
  data: MockData;
  private readonly imageBase: string;
  private readonly storage: MockDbOptions['storage'];
  readonly now: () => Date;

  constructor(options: MockDbOptions = {}) {
    this.imageBase = options.imageBase ?? '/demo-images/';
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.now = options.now ?? (() => new Date());
    this.data = this.load() ?? this.fresh();
  }

  private fresh(): MockData {
    const data = seedData(this.imageBase, this.now());
    this.data = data;
    this.save();
    return data;
  }

  private load(): MockData | null {
    const raw = this.storage?.getItem(MOCK_DB_STORAGE_KEY);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as MockData;
      return parsed.version === SCHEMA_VERSION && Array.isArray(parsed.users) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** Writes the data to storage; a full storage (big uploads) keeps it in memory for this visit. */
  save(): void {
    try {
      this.storage?.setItem(MOCK_DB_STORAGE_KEY, JSON.stringify(this.data));
    } catch (error) {
      console.warn('[Modo demo] No se pudieron guardar los datos en este navegador.', error);
    }
  }

  /** Back to the demo chain (every change and session is forgotten). */
  reset(): void {
    this.storage?.removeItem(MOCK_DB_STORAGE_KEY);
    this.fresh();
  }

  id(): string {
    return nextId(this.data);
  }
}

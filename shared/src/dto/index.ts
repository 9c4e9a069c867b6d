/** A membership plan as the API sends it (SPEC §3). */
export interface PlanDto {
  id: string;
  name: string;
  /** Months. */
  duration: number;
  benefits: string;
  price: number;
  /** Only in admin lists: when the plan was retired. */
  deletedAt?: string | null;
}

export interface PlanInput {
  name: string;
  duration: number | string;
  benefits: string;
  price: number | string;
}

/** Settings the server exposes to the SPA at run time (GET /api/config). */
export interface PublicConfigDto {
  gymName: string;
  /** ISO 4217 code, lower case, of the prices. */
  currency: string;
  /** The Google OAuth client id when Google sign-in is configured, else null (button hidden). */
  googleClientId: string | null;
  /**
   * How plans are bought online: Stripe Checkout, the built-in demo checkout, or null when this
   * installation takes no online payments (plans are then sold at the front desk only).
   */
  payments: 'stripe' | 'demo' | null;
}

export type MembershipStatusLabel = 'Activo' | 'Inactivo';

/** The member's current membership (SPEC §3 `membresia`). */
export interface MembershipDto {
  planId: string;
  name: string;
  start: string;
  end: string;
  status: MembershipStatusLabel;
}

export interface LessonSummaryDto {
  id: string;
  name: string;
  scheduleDays: string[];
  scheduleHourStart: string;
  scheduleHourFinish: string;
}

export interface UserDetailDto {
  fullName: string;
  email: string;
  phone: string;
  isMonitor: boolean;
  isAdmin: boolean;
  /** The member's own class schedule. */
  lessonDetails: LessonSummaryDto[];
}

/** GET /users/:id: the fields arrive on the user and again under `detalle` (SPEC §3). */
export interface UserDto extends UserDetailDto {
  id: string;
  deletedAt: string | null;
  statusMembershipIdStatus: MembershipStatusLabel;
  membresia: MembershipDto | null;
  detalle: UserDetailDto;
  /** Classes this user teaches (trainers' 'Mis Clases'). */
  monitorLessons: LessonSummaryDto[];
}

/** A row of GET /users and /users/deleted. */
export interface UserListItemDto {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  isMonitor: boolean;
  isAdmin: boolean;
  deletedAt: string | null;
  /** Spelled as the spec's users table reads it. */
  statusMemberShipIdStatus: MembershipStatusLabel;
  membresia: MembershipDto | null;
  lessonDetails: { id: string; name: string }[];
}

export interface MonitorDto {
  id: string;
  fullName: string;
  lessonDetails: { id: string; name: string }[];
}

export interface LoginResponseDto {
  login: { success: boolean; token: string | null; message: string };
}

export interface CreateUserResponseDto {
  success: boolean;
  user: { id: string; token?: string };
  message: string;
}

/** A branch office (sede), SPEC §3. */
export interface BranchDto {
  id: string;
  name: string;
  location: string;
  image: string;
  scheduleDays: string[];
  scheduleHourStart: string;
  scheduleHourFinish: string;
}

/** A class as list screens and filters show it (SPEC §2.4, §2.17). */
export interface LessonListItemDto {
  id: string;
  name: string;
  shortDescription: string;
  image: string;
  /** Intensity 1-5, held as a string (SPEC §3). */
  effort: string;
  types: string[];
  exercisesTypes: { name: string }[];
  goals: string[];
  scheduleDays: string[];
  scheduleHourStart: string;
  scheduleHourFinish: string;
  isAvailable: boolean;
  /** The trainer's full name. */
  monitor: string;
  /** The sede's name. */
  branchoffice: string;
  averageStars: number;
}

export interface LessonReviewDto {
  id: string;
  user: string;
  userId: string;
  stars: number;
  description: string;
  createdAt: string;
}

/** One class with everything the detail screen shows (SPEC §2.5). */
export interface LessonDto extends LessonListItemDto {
  description: string;
  monitorId: string | null;
  officeId: string | null;
  reviewCount: number;
  reviews: LessonReviewDto[];
  deletedAt: string | null;
}

/** A calendar entry (SPEC §3: title, start, end). Class times are local ("floating") date-times. */
export interface CalendarEventDto {
  id: string;
  title: string;
  start: string;
  end: string;
  kind: 'gym' | 'plan' | 'class';
  allDay: boolean;
}

export type PaymentProviderName = 'demo' | 'stripe' | 'manual';
export type PaymentStatus = 'pending' | 'paid' | 'cancelled';

export interface PaymentDto {
  id: string;
  userId: string;
  planId: string;
  planName: string;
  amount: number;
  currency: string;
  provider: PaymentProviderName;
  status: PaymentStatus;
  createdAt: string;
  paidAt: string | null;
  membershipStart: string | null;
  membershipEnd: string | null;
}

/** What the demo checkout page shows before 'Pagar'. */
export interface CheckoutSessionDto {
  sessionId: string;
  planName: string;
  benefits: string;
  duration: number;
  amount: number;
  currency: string;
  status: PaymentStatus;
  provider: PaymentProviderName;
}

/** A message sent through the contact form, as admins see it. */
export interface ContactMessageDto {
  id: string;
  name: string;
  subject: string;
  email: string;
  company: string;
  message: string;
  /** 'sent' once the e-mail left; 'pending' while it is being retried. */
  status: 'pending' | 'sent';
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}

/** The dashboard overview (GET /api/stats, admins only). */
export interface StatsDto {
  /** Accounts not suspended whose membership has not ended. */
  activeMembers: number;
  /** Classes not retired (available or not). */
  classes: number;
  sedes: number;
  /** Trainer accounts not suspended. */
  trainers: number;
  /** Paid payments of the last 30 days, summed per currency (amounts in major units). */
  revenueLast30Days: { currency: string; amount: number; payments: number }[];
  /** The newest contact messages, newest first. */
  latestMessages: ContactMessageDto[];
  generatedAt: string;
}

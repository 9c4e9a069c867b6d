/**
 * One schema per resource: each form's fields with their wire types, rules and Spanish messages, and
 * each answer's shape. Types are inferred from them; the server validates with them, the OpenAPI
 * document is generated from them, and the forms and the mock run them. The schemas are reached as
 * `schemas.<name>`; the helpers and inferred types are exported by name.
 */
export * as schemas from './all';
export { fieldErrors, formErrors, isSelected, SELECT_PLACEHOLDER, toText, wireOf } from './core';
export type { FormValues, FormChoice, RequestForm } from './core';
export {
  normalizeEmail,
  isLookAlikeEmail,
  isEmail,
  passwordError,
  toBoolean,
  BULK_USER_ACTIONS,
  BULK_USERS_MAX,
} from './users';
export type { BulkUserAction } from './users';
export type {
  MembershipStatusLabel,
  UserDetailDto,
  UserDto,
  UserListItemDto,
  TrainerDto,
  LoginResponseDto,
  CreateUserResponseDto,
  PreferencesDto,
} from './users';
export { hasImageExtension, lessonName, lessonNameKey, lessonReferences } from './lessons';
export type { LessonListItemDto, LessonReviewDto, LessonDto, Reference } from './lessons';
export type { BranchDto } from './branches';
export type { DataExportDto } from './account';
export type { PlanDto, PlanInput } from './plans';
export { parseDate } from './events';
export { scheduleOf, SCHEDULE_FIELDS, weekly } from './week';
export type { CalendarEventDto } from './events';
export type {
  ClassSessionDto,
  NextSessionDto,
  TimetableSlotDto,
  BranchTimetableDto,
  BookingResultDto,
  SessionRosterDto,
  TaughtSessionDto,
  AttendanceKind,
  MemberAttendanceDto,
  CheckinCardDto,
  CheckinResultDto,
} from './sessions';
export type { WishDto, DemandRowDto } from './wishes';
export type { CalendarFeedDto } from './feeds';
export type {
  PaymentProviderName,
  PaymentStatus,
  PaymentDto,
  CheckoutSessionDto,
  SubscriptionDto,
  AdminSubscriptionDto,
  AdminPaymentDto,
} from './payments';
export type { ContactMessageDto } from './contact';
export type { AuditEntryDto } from './audit';
export type { AnnouncementDto, AnnouncementPreviewDto, AnnouncementAudience } from './announcements';
export { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_SELECTION_MAX } from './announcements';
export type { HealthDto, ReadyDto, PublicConfigDto, StatsDto, OverviewDto } from './site';
export type { MembershipDto, MembershipPeriodDto, LessonSummaryDto } from './shared-dtos';

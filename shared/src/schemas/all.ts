// The schemas themselves, reached as `schemas.<name>` from @pulso/shared.
export {
  loginForm,
  registerForm,
  profileForm,
  userForm,
  trainerForm,
  adminUserForm,
  userCreate,
  userUpdate,
  forgotForm,
  resetForm,
  googleForm,
  addLessonForm,
  preferencesForm,
  erasureForm,
  pauseForm,
  pauseSaved,
  bulkUsersForm,
  bulkUsersResult,
  preferences,
  preferencesSaved,
  userDetail,
  user,
  userListItem,
  trainer,
  loginResponse,
  createUserResponse,
  userUpdated,
  lessonAdded,
  trainerList,
} from './users';
export { lessonForm, lessonListItem, lessonReview, lesson, lessonSaved, namedItem, lessonSummary } from './lessons';
export { branchForm, branch, branchList, branchFound, branchSaved } from './branches';
export { planForm, plan, planSaved } from './plans';
export { reviewForm, reviewSaved } from './reviews';
export { eventForm, calendarEvent, eventSaved } from './events';
export {
  classSession,
  nextSession,
  timetableSlot,
  branchTimetable,
  bookingResult,
  bookingState,
  sessionChangeForm,
  sessionCancelForm,
  sessionRoster,
  sessionSaved,
  taughtSession,
  attendanceKind,
  memberAttendance,
  checkinCard,
  checkinForm,
  rosterCheckinForm,
  checkinResult,
} from './sessions';
export { calendarFeed, calendarFeedRenewed } from './feeds';
export {
  checkoutForm,
  manualPaymentForm,
  refundForm,
  payment,
  adminPayment,
  paymentRefunded,
  checkoutSession,
  paymentProvider,
  paymentStatus,
  checkoutStarted,
  paymentSaved,
  paymentConfirmed,
  stripeEvent,
  webhookReceived,
  subscription,
  adminSubscription,
  mySubscription,
  subscriptionSaved,
  demoCardForm,
  demoConfirmForm,
  portalStarted,
} from './payments';
export { contactForm, contactMessage, contactSent } from './contact';
export { health, ready, openApiDocument, publicConfig, stats, overview } from './site';
export { auditEntry } from './audit';
export { announcementForm, announcementPreview, announcement, announcementQueued } from './announcements';
export { weeklySchedule } from './week';
export { membership, membershipPeriod, imageUrl } from './shared-dtos';
export { apiError, message, outcome } from './answers';
export { wishForm, wish, wishSaved, demandRow } from './wishes';
export { dataExport } from './account';

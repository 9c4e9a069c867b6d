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
  userDetail,
  user,
  userListItem,
  monitor,
  loginResponse,
  createUserResponse,
} from './users';
export { lessonForm, lessonListItem, lessonReview, lesson, namedItem, lessonSummary } from './lessons';
export { branchForm, branch } from './branches';
export { planForm, plan } from './plans';
export { reviewForm } from './reviews';
export { eventForm, calendarEvent } from './events';
export { checkoutForm, manualPaymentForm, payment, checkoutSession, paymentProvider, paymentStatus } from './payments';
export { contactForm, contactMessage } from './contact';
export { publicConfig, stats } from './site';
export { membership } from './shared-dtos';

import { ERROR_CODES as E } from '../api';
import { CHECKIN_CODE } from '../constants';
import type {
  BranchDto,
  ClassSessionDto,
  CheckoutSessionDto,
  ContactMessageDto,
  LessonDto,
  LessonListItemDto,
  LessonReviewDto,
  LessonSummaryDto,
  MembershipDto,
  PaymentDto,
  AdminPaymentDto,
  PlanDto,
  StatsDto,
  TaughtSessionDto,
  UserDetailDto,
  UserDto,
  UserListItemDto,
} from '../dto';
import { MESSAGES as M } from '../validation/messages';
import { m, type Matcher, type Shape } from './match';
import type { Scenario, Step, Vars } from './run';
import { BRANCH_HOURS, DEMO_WORLD, letters, MEMBER_REVIEW, type World, type WorldPlanKey } from './world';

/**
 * The API contract, written once and run against the real server (server/src/__tests__/
 * contract.api.test.ts, supertest) and the client's mock mode (client/src/mocks/__tests__/
 * contract.test.ts, MSW in node), both in the demo world of `npm run seed`, and black-box against
 * any running Pulso in a world of its own (`npm run test:api`, black-box.ts). The scenarios run in
 * this order and share their vars. Not exported from @pulso/shared: it never reaches a bundle.
 */

// ---------- shapes of the DTOs ----------

const PLAN: Shape<Omit<PlanDto, 'deletedAt'>> = {
  id: m.id,
  name: m.string,
  duration: m.number,
  benefits: m.string,
  price: m.number,
  renewing: m.boolean,
};
const PLAN_ADMIN: Shape<PlanDto> = { ...PLAN, deletedAt: m.nullable(m.iso) };
const MEMBERSHIP: Shape<MembershipDto> = {
  planId: m.id,
  name: m.string,
  start: m.iso,
  end: m.iso,
  status: m.oneOf('Activo', 'Inactivo'),
  state: m.oneOf('Activo', 'Pausada', 'Vencida', 'Pago pendiente'),
  periods: m.arrayOf({ planId: m.id, name: m.string, start: m.iso, end: m.iso }),
  pauses: m.arrayOf({ from: m.iso, until: m.iso }),
};
const LESSON_SUMMARY: Shape<LessonSummaryDto> = {
  id: m.id,
  name: m.string,
  scheduleDays: m.arrayOf(m.string),
  scheduleHourStart: m.string,
  scheduleHourFinish: m.string,
};
const USER_DETAIL: Shape<UserDetailDto> = {
  fullName: m.string,
  email: m.string,
  phone: m.string,
  isMonitor: m.boolean,
  isAdmin: m.boolean,
  staffRole: m.nullable(m.oneOf('manager', 'desk')),
  lessonDetails: m.arrayOf(LESSON_SUMMARY),
};
const USER: Shape<UserDto> = {
  id: m.id,
  ...USER_DETAIL,
  deletedAt: m.nullable(m.iso),
  erasedAt: m.nullable(m.iso),
  statusMembershipIdStatus: m.oneOf('Activo', 'Inactivo'),
  membresia: m.nullable(MEMBERSHIP),
  homeBranch: m.nullable({ id: m.id, name: m.string }),
  detalle: USER_DETAIL,
  monitorLessons: m.arrayOf(LESSON_SUMMARY),
};
const USER_LIST_ITEM: Shape<UserListItemDto> = {
  id: m.id,
  fullName: m.string,
  email: m.string,
  phone: m.string,
  isMonitor: m.boolean,
  isAdmin: m.boolean,
  staffRole: m.nullable(m.oneOf('manager', 'desk')),
  deletedAt: m.nullable(m.iso),
  erasedAt: m.nullable(m.iso),
  statusMemberShipIdStatus: m.oneOf('Activo', 'Inactivo'),
  membresia: m.nullable(MEMBERSHIP),
  homeBranch: m.nullable({ id: m.id, name: m.string }),
  lessonDetails: m.arrayOf({ id: m.id, name: m.string }),
};
const BRANCH: Shape<BranchDto> = {
  id: m.id,
  name: m.string,
  location: m.string,
  image: m.string,
  scheduleDays: m.arrayOf(m.string),
  scheduleHourStart: m.string,
  scheduleHourFinish: m.string,
};
const LESSON_ITEM: Shape<LessonListItemDto> = {
  id: m.id,
  name: m.string,
  shortDescription: m.string,
  image: m.string,
  effort: m.regex(/^[1-5]$/),
  types: m.arrayOf(m.string),
  exercisesTypes: m.arrayOf({ name: m.string }),
  goals: m.arrayOf(m.string),
  scheduleDays: m.arrayOf(m.string),
  scheduleHourStart: m.string,
  scheduleHourFinish: m.string,
  isAvailable: m.boolean,
  capacity: m.number,
  monitor: m.string,
  monitorId: m.nullable(m.id),
  branchoffice: m.string,
  officeId: m.nullable(m.id),
  averageStars: m.number,
};
const REVIEW: Shape<LessonReviewDto> = {
  id: m.id,
  user: m.string,
  userId: m.id,
  stars: m.number,
  description: m.string,
  createdAt: m.iso,
};
const SESSION: Shape<ClassSessionDto> = {
  id: m.regex(/^[0-9a-f]{24}:\d{4}-\d{2}-\d{2}$/),
  lessonId: m.id,
  lessonName: m.string,
  date: m.regex(/^\d{4}-\d{2}-\d{2}$/),
  start: m.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  end: m.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  capacity: m.number,
  taken: m.number,
  seatsLeft: m.number,
  waiting: m.number,
  cancelled: m.boolean,
  cancelReason: m.string,
  substitute: m.nullable(m.string),
  bookable: m.boolean,
  mine: m.nullable({ state: m.oneOf('confirmed', 'waitlisted'), position: m.nullable(m.number) }),
};
const TAUGHT: Shape<TaughtSessionDto> = {
  ...SESSION,
  mine: null,
  branch: m.string,
  substituting: m.boolean,
};
const LESSON: Shape<LessonDto> = {
  ...LESSON_ITEM,
  description: m.string,
  reviewCount: m.number,
  reviews: m.arrayOf(REVIEW),
  deletedAt: m.nullable(m.iso),
};
const NAMED = { id: m.id, name: m.string };
const PAYMENT: Shape<PaymentDto> = {
  id: m.id,
  userId: m.id,
  planId: m.id,
  planName: m.string,
  amount: m.number,
  currency: m.string,
  provider: m.oneOf('demo', 'stripe', 'manual'),
  status: m.oneOf('pending', 'paid', 'cancelled', 'refunded'),
  createdAt: m.iso,
  paidAt: m.nullable(m.iso),
  membershipStart: m.nullable(m.iso),
  membershipEnd: m.nullable(m.iso),
  receiptNumber: m.nullable(m.number),
};
const ADMIN_PAYMENT: Shape<AdminPaymentDto> = {
  ...PAYMENT,
  memberName: m.string,
  memberEmail: m.string,
  homeBranch: m.nullable({ id: m.id, name: m.string }),
  refundedAt: m.nullable(m.iso),
  refundReason: m.string,
  refundable: m.boolean,
};
const CONTACT_MESSAGE: Shape<ContactMessageDto> = {
  id: m.id,
  name: m.string,
  subject: m.string,
  email: m.string,
  company: m.string,
  message: m.string,
  status: m.oneOf('pending', 'sent'),
  attempts: m.number,
  createdAt: m.iso,
  sentAt: m.nullable(m.iso),
};
const STATS: Shape<StatsDto> = {
  activeMembers: m.number,
  classes: m.number,
  sedes: m.number,
  trainers: m.number,
  revenueLast30Days: m.arrayOf({ currency: m.string, amount: m.number, payments: m.number }),
  latestMessages: m.arrayOf(CONTACT_MESSAGE),
  generatedAt: m.iso,
};

/** The failure body `{ code, message, details? }` (plus legacy fields some routes add). */
function error(code: string, message: string, extra: Record<string, Matcher> = {}): Matcher {
  return { code, message, ...extra };
}
/** A VALIDATION_FAILED body with the given field messages, in order. */
function invalid(fields: [string, string][], extra: Record<string, Matcher> = {}): Matcher {
  return error(E.VALIDATION_FAILED, fields[0]?.[1] ?? M.api.validation, {
    ...extra,
    details: fields.map(([field, message]) => ({ field, message })),
  });
}
const loginLegacy = (message: string) => ({ login: { success: false, token: null, message } });

const NO_SUCH_ID = '0123456789abcdef01234567';
const byName = (list: { id: string; name: string }[], name: string) => list.find((x) => x.name === name)?.id ?? '';
const byEmail = (list: { id: string; email: string }[], email: string) => list.find((x) => x.email === email)?.id ?? '';
const byPlan = (v: Vars, key: WorldPlanKey) => v[`${key}Id`] ?? '';
const sessionOf = (url: string) => url.split('/').pop() ?? '';

const ROLES = ['admin', 'member', 'user', 'trainer'] as const;

/** The lesson form of the classes the scenarios create: Monday 9:00 to 10:00, by the world's trainer. */
const lessonForm = (w: World, v: Vars, name: string) => ({
  name,
  shortDescription: 'Clase del contrato',
  description: 'Una clase creada por la suite de contrato',
  effort: '3',
  types: [w.catalog.type],
  goals: [w.catalog.goal],
  scheduleDays: ['Lunes'],
  scheduleHourStart: '9:00',
  scheduleHourFinish: '10:00',
  isAvailable: 'true',
  monitor: w.accounts.trainer.fullName,
  branchoffice: v.branchName ?? w.branch.name,
});

/** The classes of the two namesake trainers, before the run's letters. */
const ANA_LESSONS = ['AnaUno', 'AnaDos'] as const;

const BRANCH_FORM = (name: string) => ({
  name,
  location: 'Calle del Contrato 42',
  scheduleDays: ['Lunes', 'Martes'],
  scheduleHourStart: '8:00',
  scheduleHourFinish: '20:00',
});

/** The scenarios in a world: the demo chain's (`SCENARIOS`) or one a black-box run made. */
export function contractScenarios(w: World): Scenario[] {
  /** The whole list in a world alone in its database; else these items, in order, among others. */
  const listed = (item: Matcher, items: Matcher[]): Matcher => (w.alone ? items : m.includes(item, items));

  const scenarios: Scenario[] = [
    {
      name: 'login: the admin, a member, a user and a trainer sign in; wrong password, unknown e-mail and missing fields are refused',
      steps: [
        ...ROLES.map((role) => ({
          name: `${role} signs in`,
          method: 'POST' as const,
          path: '/users/login',
          json: { email: w.accounts[role].email, password: w.accounts[role].password },
          status: 200,
          body: { login: { success: true, token: m.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/), message: M.auth.loggedIn } },
          save: (body: { login: { token: string } }, v: Vars) => {
            v[`token:${role}`] = body.login.token;
            // The member's token carrying the admin's payload: a forged privilege the API must refuse.
            const [header, , signature] = body.login.token.split('.');
            const adminPayload = v['token:admin']?.split('.')[1];
            if (role === 'member' && adminPayload) v['token:tampered'] = `${header}.${adminPayload}.${signature}`;
          },
        })),
        {
          name: 'wrong password',
          method: 'POST',
          path: '/users/login',
          json: { email: w.accounts.member.email, password: 'Otra1234' },
          status: 401,
          body: error(E.WRONG_PASSWORD, M.auth.wrongPassword, loginLegacy(M.auth.wrongPassword)),
        },
        {
          name: 'unknown e-mail',
          method: 'POST',
          path: '/users/login',
          json: { email: 'nadie@pulso.demo', password: 'Otra1234' },
          status: 404,
          body: error(E.USER_NOT_FOUND, M.auth.userNotFound, loginLegacy(M.auth.userNotFound)),
        },
        {
          name: 'missing password',
          method: 'POST',
          path: '/users/login',
          json: { email: w.accounts.member.email },
          status: 400,
          body: invalid([['password', M.auth.loginRequired]], loginLegacy(M.auth.loginRequired)),
        },
        {
          name: 'nothing sent',
          method: 'POST',
          path: '/users/login',
          json: {},
          status: 400,
          body: invalid(
            [
              ['email', M.auth.loginRequired],
              ['password', M.auth.loginRequired],
            ],
            loginLegacy(M.auth.loginRequired),
          ),
        },
        {
          name: 'an e-mail that is not text',
          method: 'POST',
          path: '/users/login',
          json: { email: { $gt: '' }, password: 'x' },
          status: 400,
          body: invalid([['email', M.users.wrongType]], loginLegacy(M.users.wrongType)),
        },
      ],
    },
    {
      name: 'registration: a new member gets a token; a taken e-mail and a weak password are refused',
      steps: [
        {
          name: 'register',
          method: 'POST',
          path: '/users/create',
          json: (v) => ({ email: `contrato-${v.runId}@example.com`, password: 'Secreta123' }),
          status: 201,
          body: { success: true, user: { id: m.id, token: m.string }, message: M.auth.registered },
          save: (body: { user: { id: string; token: string } }, v: Vars) => {
            v.newUserId = body.user.id;
            v['token:newcomer'] = body.user.token;
          },
        },
        {
          name: 'the newcomer reads their profile (name from the e-mail, no membership)',
          method: 'GET',
          path: (v) => `/users/${v.newUserId}`,
          as: 'newcomer',
          status: 200,
          body: (v) => ({
            ...USER,
            fullName: `contrato-${v.runId}`,
            isAdmin: false,
            isMonitor: false,
            membresia: null,
            statusMembershipIdStatus: 'Inactivo',
          }),
        },
        {
          name: 'the same e-mail again, in capitals',
          method: 'POST',
          path: '/users/create',
          json: (v) => ({ email: `CONTRATO-${v.runId}@example.com`, password: 'Secreta123' }),
          status: 409,
          body: error(E.EMAIL_TAKEN, M.userForm.emailTaken, { success: false }),
        },
        {
          name: 'a password without a digit',
          method: 'POST',
          path: '/users/create',
          json: { email: 'otra@example.com', password: 'Secretaaa' },
          status: 400,
          body: invalid([['password', M.auth.passwordDigit]], { success: false }),
        },
        {
          name: 'a bad e-mail and a short password',
          method: 'POST',
          path: '/users/create',
          json: { email: 'ana', password: 'Ab1' },
          status: 400,
          body: invalid(
            [
              ['email', M.auth.registerEmailFormat],
              ['password', M.auth.passwordLength],
            ],
            { success: false },
          ),
        },
        {
          name: 'a member cannot make themself an admin on registration',
          method: 'POST',
          path: '/users/create',
          json: (v) => ({ email: `rol-${v.runId}@example.com`, password: 'Secreta123', isAdmin: true }),
          status: 201,
          save: (body: { user: { token: string } }, v: Vars) => {
            v['token:would-be-admin'] = body.user.token;
          },
        },
        {
          name: '... and is not one',
          method: 'GET',
          path: '/stats',
          as: 'would-be-admin',
          status: 403,
          body: error(E.FORBIDDEN, M.api.forbidden),
        },
      ],
    },
    {
      name: 'public catalogue: config, plans, classes, types, goals and sedes',
      steps: [
        {
          name: 'config',
          method: 'GET',
          path: '/config',
          status: 200,
          body: {
            gymName: m.string,
            currency: m.regex(/^[a-z]{3}$/),
            googleClientId: m.nullable(m.string),
            payments: m.nullable(m.string),
            pauses: { minDays: m.number, maxDays: m.number, perYear: m.number, noticeDays: m.number },
          },
        },
        {
          name: 'plans on sale, cheapest first',
          method: 'GET',
          path: '/memberships',
          status: 200,
          body: listed(PLAN, [
            { ...PLAN, name: w.plans.standar.name, duration: w.plans.standar.duration, price: w.plans.standar.price },
            { ...PLAN, name: w.plans.plus.name, duration: w.plans.plus.duration, price: w.plans.plus.price },
            { ...PLAN, name: w.plans.premium.name, duration: w.plans.premium.duration, price: w.plans.premium.price },
          ]),
          save: (body: PlanDto[], v: Vars) => {
            v.standarId = byName(body, w.plans.standar.name);
            v.plusId = byName(body, w.plans.plus.name);
            v.premiumId = byName(body, w.plans.premium.name);
          },
        },
        {
          name: 'one plan',
          method: 'GET',
          path: (v) => `/memberships/${v.plusId}`,
          status: 200,
          body: { ...PLAN, name: w.plans.plus.name },
        },
        {
          name: 'a plan that does not exist',
          method: 'GET',
          path: `/memberships/${NO_SUCH_ID}`,
          status: 404,
          body: error(E.NOT_FOUND, M.api.planNotFound),
        },
        {
          name: 'a malformed plan id',
          method: 'GET',
          path: '/memberships/abc',
          status: 400,
          body: error(E.INVALID_ID, M.api.invalidId),
        },
        {
          name: 'available classes',
          method: 'GET',
          path: '/lessons',
          status: 200,
          body: m.arrayOf(LESSON_ITEM, w.counts.availableLessons),
          save: (body: LessonListItemDto[], v: Vars) => {
            v.pilatesId = byName(body, w.lessons.pilates);
            v.zumbaId = byName(body, w.lessons.zumba);
            v.lessonNames = body.map((l) => l.name).join(',');
          },
        },
        {
          name: 'the list is sorted by name and leaves out unavailable classes',
          method: 'GET',
          path: '/lessons',
          status: 200,
          body: (v) =>
            (v.lessonNames ?? '')
              .split(',')
              .sort()
              .map((name) => ({ ...LESSON_ITEM, name, isAvailable: true })),
        },
        {
          name: 'every current class, for the dashboard',
          method: 'GET',
          path: '/lessons/all',
          status: 200,
          body: m.arrayOf(LESSON_ITEM, w.counts.lessons),
          save: (body: LessonListItemDto[], v: Vars) => {
            v.kickboxingId = byName(body, w.lessons.kickboxing);
          },
        },
        {
          name: 'a class by name, with its reviews',
          method: 'GET',
          path: `/lessons/${encodeURIComponent(w.lessons.spinning)}`,
          status: 200,
          body: {
            ...LESSON,
            name: w.lessons.spinning,
            monitor: w.accounts.trainer.fullName,
            branchoffice: w.branch.name,
            averageStars: MEMBER_REVIEW.stars,
            reviewCount: 1,
            reviews: [{ ...REVIEW, user: w.accounts.member.fullName, ...MEMBER_REVIEW }],
            deletedAt: null,
          },
          save: (body: LessonDto, v: Vars) => {
            v.spinningId = body.id;
          },
        },
        {
          name: 'a class by id',
          method: 'GET',
          path: (v) => `/lessons/detail/${v.spinningId}`,
          status: 200,
          body: { ...LESSON, name: w.lessons.spinning },
        },
        {
          name: 'a class that does not exist',
          method: 'GET',
          path: '/lessons/NoExiste',
          status: 404,
          body: error(E.NOT_FOUND, M.lessons.notFound),
        },
        { name: 'exercise types', method: 'GET', path: '/types', status: 200, body: m.arrayOf(NAMED, w.counts.types) },
        { name: 'goals', method: 'GET', path: '/goals', status: 200, body: m.arrayOf(NAMED, w.counts.goals) },
        {
          name: 'sedes',
          method: 'GET',
          path: '/branchoffice',
          status: 200,
          body: { branchOffice: m.arrayOf(BRANCH, w.counts.branches) },
          save: (body: { branchOffice: BranchDto[] }, v: Vars) => {
            v.centroId = byName(body.branchOffice, w.branch.name);
          },
        },
        {
          name: 'one sede',
          method: 'GET',
          path: (v) => `/branchoffice/${v.centroId}`,
          status: 200,
          body: { branchoffice: { ...BRANCH, name: w.branch.name, location: w.branch.location } },
        },
        {
          name: 'an unknown route',
          method: 'GET',
          path: '/nada',
          status: 404,
          body: error(E.ROUTE_NOT_FOUND, M.api.routeNotFound),
        },
      ],
    },
    {
      name: 'sessions and roles: tampered tokens, anonymous calls and members on admin routes',
      steps: [
        {
          name: 'a token whose payload was swapped for the admin one',
          method: 'GET',
          path: '/stats',
          as: 'tampered',
          status: 401,
          body: error(E.UNAUTHENTICATED, M.api.invalidSession),
        },
        {
          name: 'anonymous on an admin route',
          method: 'GET',
          path: '/stats',
          status: 401,
          body: error(E.UNAUTHENTICATED, M.api.unauthenticated),
        },
        ...(
          [
            ['GET', '/stats'],
            ['GET', '/users'],
            ['GET', '/users/deleted'],
            ['GET', '/users/monitor'],
            ['GET', '/memberships/all'],
            ['POST', '/memberships/create'],
            ['DELETE', `/memberships/delete/${NO_SUCH_ID}`],
            ['PUT', `/memberships/restore/${NO_SUCH_ID}`],
            ['GET', '/lessons/retired'],
            ['DELETE', `/lessons/delete/${NO_SUCH_ID}`],
            ['PUT', `/lessons/restore/${NO_SUCH_ID}`],
            ['DELETE', '/branchoffice/delete/abc'],
            ['PUT', `/users/restore/${NO_SUCH_ID}`],
            ['GET', '/contact'],
            ['GET', '/payments'],
            ['POST', '/payments/manual'],
            ['POST', '/events'],
          ] as const
        ).map(([method, path]) => ({
          name: `a member on ${method} ${path}`,
          method,
          path,
          as: 'member',
          ...(method === 'POST' ? { json: {} } : {}),
          status: 403,
          body: error(E.FORBIDDEN, M.api.forbidden),
        })),
        {
          name: 'the admin lists the users',
          method: 'GET',
          path: '/users',
          as: 'admin',
          status: 200,
          body: m.arrayOf(USER_LIST_ITEM, w.counts.users),
          // On a server with many accounts the world's may be on a later page: a black-box run knows their ids.
          save: (body: UserListItemDto[], v: Vars) => {
            v.adminId = byEmail(body, w.accounts.admin.email) || v.adminId || '';
            v.memberId = byEmail(body, w.accounts.member.email) || v.memberId || '';
            v.userId = byEmail(body, w.accounts.user.email) || v.userId || '';
          },
        },
        {
          name: "a member reading another person's profile",
          method: 'GET',
          path: (v) => `/users/${v.adminId}`,
          as: 'member',
          status: 403,
          body: error(E.FORBIDDEN, M.api.forbidden),
        },
        {
          name: 'a member reads their own profile: active Plus, Spinning and Yoga',
          method: 'GET',
          path: (v) => `/users/${v.memberId}`,
          as: 'member',
          status: 200,
          body: {
            ...USER,
            fullName: w.accounts.member.fullName,
            email: w.accounts.member.email,
            statusMembershipIdStatus: 'Activo',
            membresia: { ...MEMBERSHIP, name: w.plans.plus.name, status: 'Activo' },
            lessonDetails: [
              { ...LESSON_SUMMARY, name: w.lessons.spinning },
              { ...LESSON_SUMMARY, name: w.lessons.yoga },
            ],
          },
        },
        {
          name: 'a member may not make themself an admin',
          method: 'PUT',
          path: (v) => `/users/update/${v.memberId}`,
          as: 'member',
          json: { fullName: w.accounts.member.fullName, isAdmin: true },
          status: 200,
          body: { success: true, message: M.users.updated, user: { ...USER, isAdmin: false } },
        },
        {
          name: 'a profile edit with letters in the phone',
          method: 'PUT',
          path: (v) => `/users/update/${v.memberId}`,
          as: 'member',
          json: { fullName: w.accounts.member.fullName, phone: '55abc' },
          status: 400,
          body: invalid([['phone', M.auth.profilePhoneDigits]], { success: false }),
        },
      ],
    },
    {
      name: 'add a class: a member with a membership adds one once; the rest are refused',
      steps: [
        {
          name: 'the member adds Pilates',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.pilatesId}`,
          as: 'member',
          json: {},
          status: 200,
          body: { exito: M.lessons.added },
        },
        {
          name: 'Pilates again',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.pilatesId}`,
          as: 'member',
          json: {},
          status: 409,
          body: error(E.CONFLICT, M.lessons.alreadyHeld, { error: M.lessons.alreadyHeld }),
        },
        {
          name: 'an unavailable class',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.kickboxingId}`,
          as: 'member',
          json: {},
          status: 409,
          body: error(E.CONFLICT, M.lessons.notAvailable, { error: M.lessons.notAvailable }),
        },
        {
          name: 'for somebody else',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.zumbaId}`,
          as: 'member',
          json: (v) => ({ idUser: v.userId }),
          status: 403,
          body: error(E.FORBIDDEN, M.api.forbidden),
        },
        {
          name: 'a user without a membership',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.zumbaId}`,
          as: 'user',
          json: {},
          status: 403,
          body: error(E.FORBIDDEN, M.lessons.membershipRequired, { error: M.lessons.membershipRequired }),
        },
        {
          name: 'a malformed class id',
          method: 'PUT',
          path: '/users/addlesson/abc',
          as: 'member',
          json: {},
          status: 400,
          body: error(E.INVALID_ID, M.api.invalidId),
        },
        {
          name: 'anonymous',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.zumbaId}`,
          json: {},
          status: 401,
          body: error(E.UNAUTHENTICATED, M.api.unauthenticated),
        },
        {
          name: 'the schedule now holds Pilates',
          method: 'GET',
          path: (v) => `/users/${v.memberId}`,
          as: 'member',
          status: 200,
          body: {
            ...USER,
            lessonDetails: [
              { ...LESSON_SUMMARY, name: w.lessons.spinning },
              { ...LESSON_SUMMARY, name: w.lessons.yoga },
              { ...LESSON_SUMMARY, name: w.lessons.pilates },
            ],
          },
        },
      ],
    },
    {
      name: 'reviews: a member rates a class and the average follows; bad stars and outsiders are refused',
      steps: [
        {
          name: 'the member rates Spinning 3 (replacing their 5)',
          method: 'POST',
          path: '/reviews/create',
          as: 'member',
          json: (v) => ({ stars: 3, description: 'Buena clase', lessonId: v.spinningId }),
          status: 201,
          body: { message: M.reviews.created, averageStars: 3 },
        },
        {
          name: 'the class shows one review of 3 stars',
          method: 'GET',
          path: `/lessons/${encodeURIComponent(w.lessons.spinning)}`,
          status: 200,
          body: {
            ...LESSON,
            averageStars: 3,
            reviewCount: 1,
            reviews: [{ ...REVIEW, stars: 3, description: 'Buena clase' }],
          },
        },
        {
          name: 'seven stars',
          method: 'POST',
          path: '/reviews/create',
          as: 'member',
          json: (v) => ({ stars: 7, lessonId: v.spinningId }),
          status: 400,
          body: invalid([['stars', M.reviews.starsRange]]),
        },
        {
          name: 'in the name of someone else',
          method: 'POST',
          path: '/reviews/create',
          as: 'member',
          json: (v) => ({ stars: 4, lessonId: v.spinningId, userId: v.userId }),
          status: 403,
          body: error(E.FORBIDDEN, M.api.forbidden),
        },
        {
          name: 'a user without a membership',
          method: 'POST',
          path: '/reviews/create',
          as: 'user',
          json: (v) => ({ stars: 4, lessonId: v.spinningId }),
          status: 403,
          body: error(E.FORBIDDEN, M.lessons.membershipRequired),
        },
        {
          name: 'anonymous',
          method: 'POST',
          path: '/reviews/create',
          json: (v) => ({ stars: 4, lessonId: v.spinningId }),
          status: 401,
          body: error(E.UNAUTHENTICATED, M.api.unauthenticated),
        },
      ],
    },
    {
      name: 'checkout: the demo checkout sells a plan and activates the membership',
      steps: [
        {
          name: 'no plan named',
          method: 'POST',
          path: '/payments/create_checkout',
          as: 'user',
          json: {},
          status: 400,
          body: invalid([['name', M.payments.planRequired]]),
        },
        {
          name: 'a plan that does not exist',
          method: 'POST',
          path: '/payments/create_checkout',
          as: 'user',
          json: { planId: NO_SUCH_ID },
          status: 404,
          body: error(E.NOT_FOUND, M.api.planNotFound),
        },
        {
          name: 'for another buyer',
          method: 'POST',
          path: '/payments/create_checkout',
          as: 'user',
          json: (v) => ({ id: v.memberId, planId: v.standarId }),
          status: 403,
          body: error(E.FORBIDDEN, M.api.forbidden),
        },
        {
          name: 'the user starts a checkout for Standar',
          method: 'POST',
          path: '/payments/create_checkout',
          as: 'user',
          json: (v) => ({ id: v.userId, planId: v.standarId }),
          status: 201,
          // A path, never an address: the SPA opens it at its own origin.
          body: { redirect_url: m.regex(/^\/stripe\/checkout\/demo_[0-9a-f]{24}$/) },
          save: (body: { redirect_url: string }, v: Vars) => {
            v.checkoutUrl = body.redirect_url;
            v.sessionId = sessionOf(body.redirect_url);
          },
        },
        {
          name: 'asking again returns the same pending checkout',
          method: 'POST',
          path: '/payments/create_checkout',
          as: 'user',
          json: (v) => ({ id: v.userId, planId: v.standarId }),
          status: 201,
          body: (v) => ({ redirect_url: v.checkoutUrl ?? '' }),
        },
        {
          name: 'the checkout page reads the session',
          method: 'GET',
          path: (v) => `/payments/session/${v.sessionId}`,
          as: 'user',
          status: 200,
          body: (v) =>
            ({
              sessionId: v.sessionId ?? '',
              planName: w.plans.standar.name,
              benefits: m.string,
              duration: w.plans.standar.duration,
              amount: w.plans.standar.price,
              currency: m.string,
              status: 'pending',
              provider: 'demo',
              renewing: m.boolean,
            }) satisfies Shape<CheckoutSessionDto>,
        },
        {
          name: "another member's session",
          method: 'GET',
          path: (v) => `/payments/session/${v.sessionId}`,
          as: 'member',
          status: 403,
          body: error(E.FORBIDDEN, M.payments.notYours),
        },
        {
          name: 'a session that does not exist',
          method: 'GET',
          path: '/payments/session/demo_nope',
          as: 'user',
          status: 404,
          body: error(E.NOT_FOUND, M.payments.notFound),
        },
        {
          name: "'Pagar'",
          method: 'POST',
          path: (v) => `/payments/demo/${v.sessionId}/confirm`,
          as: 'user',
          status: 200,
          body: {
            message: M.payments.success,
            payment: { ...PAYMENT, planName: w.plans.standar.name, provider: 'demo', status: 'paid', paidAt: m.iso },
            membresia: { ...MEMBERSHIP, name: w.plans.standar.name, status: 'Activo' },
          },
        },
        {
          name: "'Cancelar' after paying",
          method: 'POST',
          path: (v) => `/payments/demo/${v.sessionId}/cancel`,
          as: 'user',
          status: 409,
          body: error(E.CONFLICT, M.payments.notPending),
        },
        {
          name: "'Mis pagos'",
          method: 'GET',
          path: '/payments/mine',
          as: 'user',
          status: 200,
          body: [{ ...PAYMENT, planName: w.plans.standar.name, status: 'paid' }],
        },
        {
          name: 'with the membership the user can now add a class',
          method: 'PUT',
          path: (v) => `/users/addlesson/${v.zumbaId}`,
          as: 'user',
          json: {},
          status: 200,
          body: { exito: M.lessons.added },
        },
      ],
    },
    {
      name: 'admin: plans, sedes, classes and users, with soft delete and restore',
      steps: [
        {
          name: 'a plan with a bad price and no benefits',
          method: 'POST',
          path: '/memberships/create',
          as: 'admin',
          json: { name: 'Anual', benefits: '', duration: 12, price: 'diez' },
          status: 400,
          body: invalid([
            ['benefits', M.planForm.benefitsRequired],
            ['price', M.planForm.priceFormat],
          ]),
        },
        {
          name: 'a new plan',
          method: 'POST',
          path: '/memberships/create',
          as: 'admin',
          json: (v) => ({ name: `Anual ${letters(v.runId)}`, benefits: 'Todo el año', duration: '12', price: '199.5' }),
          status: 201,
          body: { message: M.planForm.created, plan: { ...PLAN, duration: 12, price: 199.5 } },
          save: (body: { plan: PlanDto }, v: Vars) => {
            v.newPlanId = body.plan.id;
          },
        },
        {
          name: 'a plan with a taken name',
          method: 'POST',
          path: '/memberships/create',
          as: 'admin',
          json: { name: w.plans.plus.name, benefits: 'Otra cosa', duration: 1, price: 1 },
          status: 409,
          body: error(E.CONFLICT, M.planForm.nameTaken),
        },
        {
          name: 'retire the plan',
          method: 'DELETE',
          path: (v) => `/memberships/delete/${v.newPlanId}`,
          as: 'admin',
          status: 200,
          body: { message: M.planForm.deleted },
        },
        {
          name: 'the retired plan is not on sale',
          method: 'GET',
          path: (v) => `/memberships/${v.newPlanId}`,
          status: 404,
          body: error(E.NOT_FOUND, M.api.planNotFound),
        },
        {
          name: 'admins still see it, with its retirement date',
          method: 'GET',
          path: '/memberships/all',
          as: 'admin',
          status: 200,
          body: m.arrayOf(PLAN_ADMIN, w.counts.plans + 1),
        },
        {
          name: 'restore the plan',
          method: 'PUT',
          path: (v) => `/memberships/restore/${v.newPlanId}`,
          as: 'admin',
          status: 200,
          body: { message: M.planForm.restored },
        },
        {
          name: 'restore it twice',
          method: 'PUT',
          path: (v) => `/memberships/restore/${v.newPlanId}`,
          as: 'admin',
          status: 404,
          body: error(E.NOT_FOUND, M.api.planNotFound),
        },
        {
          name: 'a sede without an image',
          method: 'POST',
          path: '/branchoffice/create',
          as: 'admin',
          multipart: { field: 'officeAttributes', attributes: BRANCH_FORM('Sede Contrato') },
          status: 400,
          body: invalid([['image', M.branchForm.imageRequired]]),
        },
        {
          name: 'a sede whose image is text',
          method: 'POST',
          path: '/branchoffice/create',
          as: 'admin',
          multipart: {
            field: 'officeAttributes',
            attributes: BRANCH_FORM('Sede Contrato'),
            image: { name: 'foto.jpg', content: 'text' },
          },
          status: 415,
          body: error(E.UNSUPPORTED_MEDIA_TYPE, M.lessonForm.imageType, {
            details: [{ field: 'image', message: M.lessonForm.imageType }],
          }),
        },
        {
          name: 'a sede with a short address and no days',
          method: 'POST',
          path: '/branchoffice/create',
          as: 'admin',
          multipart: {
            field: 'officeAttributes',
            attributes: { ...BRANCH_FORM('Sede Contrato'), location: 'Av', scheduleDays: [] },
            image: { name: 'foto.jpg', content: 'jpeg' },
          },
          status: 400,
          body: invalid([
            ['location', M.branchForm.addressTooShort],
            ['scheduleDays', M.branchForm.daysRequired],
          ]),
        },
        {
          name: 'a new sede',
          method: 'POST',
          path: '/branchoffice/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'officeAttributes',
            attributes: BRANCH_FORM(`Sede ${letters(v.runId)}`),
            image: { name: 'foto.jpg', content: 'jpeg' },
          }),
          status: 201,
          body: (v) => ({
            message: M.branches.created,
            branchoffice: { ...BRANCH, name: `Sede ${letters(v.runId)}`, location: 'Calle del Contrato 42' },
          }),
          save: (body: { branchoffice: BranchDto }, v: Vars) => {
            v.newBranchId = body.branchoffice.id;
            v.branchName = body.branchoffice.name;
          },
        },
        {
          name: 'a class at the new sede',
          method: 'POST',
          path: '/lessons/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: lessonForm(w, v, `Contrato${letters(v.runId)}`),
            image: { name: 'clase.png', content: 'jpeg' },
          }),
          status: 201,
          body: (v) => ({
            message: M.lessons.created,
            lesson: {
              ...LESSON,
              name: `Contrato${letters(v.runId)}`,
              monitor: w.accounts.trainer.fullName,
              branchoffice: v.branchName ?? '',
              effort: '3',
              averageStars: 0,
              reviewCount: 0,
              reviews: [],
              deletedAt: null,
            },
          }),
          save: (body: { lesson: LessonDto }, v: Vars) => {
            v.newLessonId = body.lesson.id;
          },
        },
        {
          name: 'the class renamed with a space and an accent',
          method: 'PUT',
          path: (v) => `/lessons/update/${v.newLessonId}`,
          as: 'admin',
          multipart: (v) => ({ field: 'lessonAttributes', attributes: lessonForm(w, v, spacedName(v)) }),
          status: 200,
          body: (v) => ({ message: M.lessons.updated, lesson: { ...LESSON, name: spacedName(v) } }),
        },
        {
          name: 'its page is found by its encoded name',
          method: 'GET',
          path: (v) => `/lessons/${encodeURIComponent(spacedName(v))}`,
          status: 200,
          body: (v) => ({ ...LESSON, id: v.newLessonId ?? '', name: spacedName(v) }),
        },
        {
          name: 'a name differing only in case and accents is taken',
          method: 'POST',
          path: '/lessons/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, spacedName(v).toLowerCase().replace('ó', 'o')),
              scheduleDays: ['Martes'],
            },
            image: { name: 'clase.jpg', content: 'jpeg' },
          }),
          status: 409,
          body: error(E.CONFLICT, M.lessons.nameTaken),
        },
        {
          name: 'a class on a day its sede does not open, ending after it closes',
          method: 'POST',
          path: '/lessons/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, `Fuera${letters(v.runId)}`),
              scheduleDays: ['Lunes', 'Domingo'],
              scheduleHourStart: '19:30',
              scheduleHourFinish: '20:30',
            },
            image: { name: 'clase.jpg', content: 'jpeg' },
          }),
          status: 400,
          body: (v) =>
            invalid([
              ['scheduleDays', M.schedule.branchClosed(v.branchName ?? '', ['Domingo'], ['Lunes', 'Martes'])],
              ['scheduleHourFinish', M.schedule.finishOutside(v.branchName ?? '', '8:00', '20:00')],
            ]),
        },
        {
          name: 'a class whose trainer already teaches at that hour',
          method: 'POST',
          path: '/lessons/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, `Choque${letters(v.runId)}`),
              scheduleHourStart: '9:30',
              scheduleHourFinish: '10:30',
            },
            image: { name: 'clase.jpg', content: 'jpeg' },
          }),
          status: 400,
          body: (v) => invalid([['monitor', M.schedule.trainerBusy(spacedName(v), ['Lunes'], '9:00', '10:00')]]),
        },
        {
          name: 'a sede that would stop opening on a day its class is held',
          method: 'PUT',
          path: (v) => `/branchoffice/update/${v.newBranchId}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'officeAttributes',
            attributes: { ...BRANCH_FORM(v.branchName ?? ''), scheduleDays: ['Martes'] },
          }),
          status: 400,
          body: (v) =>
            invalid([['scheduleDays', M.schedule.daysInUse([M.schedule.lessonDays(spacedName(v), ['Lunes'])])]]),
        },
        {
          name: 'a class with an unknown trainer and a bad name',
          method: 'POST',
          path: '/lessons/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: { ...lessonForm(w, v, 'Ab1'), monitor: 'Seleccione' },
            image: { name: 'clase.jpg', content: 'jpeg' },
          }),
          status: 400,
          body: invalid([
            ['name', M.lessonForm.nameLetters],
            ['monitor', M.lessonForm.trainerRequired],
          ]),
        },
        {
          name: 'a sede that still has classes cannot be deleted',
          method: 'DELETE',
          path: (v) => `/branchoffice/delete/${v.newBranchId}`,
          as: 'admin',
          status: 409,
          body: error(E.CONFLICT, M.branches.inUse),
        },
        {
          name: 'retire the class',
          method: 'DELETE',
          path: (v) => `/lessons/delete/${v.newLessonId}`,
          as: 'admin',
          status: 200,
          body: { message: M.lessons.deleted },
        },
        {
          name: 'the retired class is gone from the public detail',
          method: 'GET',
          path: (v) => `/lessons/detail/${v.newLessonId}`,
          status: 404,
          body: error(E.NOT_FOUND, M.lessons.notFound),
        },
        {
          name: 'admins see it among the retired',
          method: 'GET',
          path: '/lessons/retired',
          as: 'admin',
          status: 200,
          body: m.arrayOf(LESSON_ITEM, 1),
        },
        {
          name: 'a retired class does not keep its sede open',
          method: 'PUT',
          path: (v) => `/branchoffice/update/${v.newBranchId}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'officeAttributes',
            attributes: { ...BRANCH_FORM(v.branchName ?? ''), scheduleDays: ['Martes'] },
          }),
          status: 200,
        },
        {
          name: 'a class that no longer fits its sede is not restored',
          method: 'PUT',
          path: (v) => `/lessons/restore/${v.newLessonId}`,
          as: 'admin',
          status: 409,
          body: (v) => {
            const closed = M.schedule.branchClosed(v.branchName ?? '', ['Lunes'], ['Martes']);
            return error(E.CONFLICT, `${M.lessons.restoreConflict}. ${closed}`, {
              details: [{ field: 'scheduleDays', message: closed }],
            });
          },
        },
        {
          name: 'the sede opens on Mondays again',
          method: 'PUT',
          path: (v) => `/branchoffice/update/${v.newBranchId}`,
          as: 'admin',
          multipart: (v) => ({ field: 'officeAttributes', attributes: BRANCH_FORM(v.branchName ?? '') }),
          status: 200,
        },
        {
          name: 'restore the class',
          method: 'PUT',
          path: (v) => `/lessons/restore/${v.newLessonId}`,
          as: 'admin',
          status: 200,
          body: { message: M.lessons.restored },
        },
        {
          name: 'retire the class again',
          method: 'DELETE',
          path: (v) => `/lessons/delete/${v.newLessonId}`,
          as: 'admin',
          status: 200,
        },
        {
          name: 'delete the sede',
          method: 'DELETE',
          path: (v) => `/branchoffice/delete/${v.newBranchId}`,
          as: 'admin',
          status: 200,
          body: { message: M.branches.deleted },
        },
        {
          name: 'a deleted sede is gone',
          method: 'GET',
          path: (v) => `/branchoffice/${v.newBranchId}`,
          status: 404,
          body: error(E.NOT_FOUND, M.branches.notFound),
        },
        {
          name: 'the admin creates a trainer',
          method: 'POST',
          path: '/users/create',
          as: 'admin',
          json: (v) => ({
            fullName: 'Profe Contrato',
            email: `profe-${v.runId}@example.com`,
            phone: '5512345678',
            password: 'Secreta123',
            isMonitor: 'Si',
            isAdmin: 'No',
          }),
          status: 201,
          body: { success: true, user: { id: m.id }, message: M.auth.registered },
          save: (body: { user: { id: string } }, v: Vars) => {
            v.trainerId = body.user.id;
          },
        },
        {
          name: 'a trainer with digits in the name',
          method: 'POST',
          path: '/users/create',
          as: 'admin',
          json: { fullName: 'Profe 2', email: 'x@example.com', phone: '5512345678', password: 'a', isMonitor: 'Si' },
          status: 400,
          body: invalid(
            [
              ['fullName', M.trainerForm.nameNoDigits],
              ['password', M.auth.passwordDigit],
              ['isAdmin', M.trainerForm.selectRequired],
            ],
            {
              success: false,
            },
          ),
        },
        {
          name: 'suspend the trainer',
          method: 'DELETE',
          path: (v) => `/users/delete/${v.trainerId}`,
          as: 'admin',
          status: 200,
          body: { success: true, message: M.users.deleted },
        },
        {
          name: 'suspended accounts',
          method: 'GET',
          path: '/users/deleted',
          as: 'admin',
          status: 200,
          body: m.arrayOf({ ...USER_LIST_ITEM, deletedAt: m.iso }, 1),
        },
        {
          name: 'suspend twice',
          method: 'DELETE',
          path: (v) => `/users/delete/${v.trainerId}`,
          as: 'admin',
          status: 409,
          body: error(E.CONFLICT, M.users.alreadySuspended),
        },
        {
          name: 'restore the trainer',
          method: 'PUT',
          path: (v) => `/users/restore/${v.trainerId}`,
          as: 'admin',
          status: 200,
          body: { success: true, message: M.users.restored },
        },
        {
          name: 'the last admin cannot be suspended',
          ...(w.skip.lastAdmin ? { skip: w.skip.lastAdmin } : {}),
          method: 'DELETE',
          path: (v) => `/users/delete/${v.adminId}`,
          as: 'admin',
          status: 409,
          body: error(E.LAST_ADMIN, M.users.lastAdmin),
        },
        {
          name: 'trainers',
          method: 'GET',
          path: '/users/monitor',
          as: 'admin',
          status: 200,
          body: {
            monitor: m.arrayOf(
              { id: m.id, fullName: m.string, email: m.string, lessonDetails: m.arrayOf(NAMED) },
              w.counts.trainers + 1,
            ),
          },
        },
      ],
    },
    {
      name: 'contact, calendar and the overview',
      steps: [
        {
          name: 'a message without a subject',
          method: 'POST',
          path: '/contact',
          json: { user_name: 'Ana', user_email: 'ana@example.com' },
          status: 400,
          body: invalid([['subject', M.contactForm.subjectRequired]]),
        },
        {
          name: 'a message',
          method: 'POST',
          path: '/contact',
          json: { user_name: 'Ana', subject: 'Horarios', user_email: 'ana@example.com', message: 'Hola' },
          status: 201,
          body: { message: M.contactForm.sent, id: m.id },
        },
        {
          name: 'the admin reads the messages',
          method: 'GET',
          path: '/contact',
          as: 'admin',
          status: 200,
          body: m.arrayOf(CONTACT_MESSAGE, 1),
        },
        {
          name: 'the member calendar without a range',
          method: 'GET',
          path: '/events',
          as: 'member',
          status: 400,
          body: error(E.VALIDATION_FAILED, M.events.rangeRequired),
        },
        {
          name: 'the admin adds a gym event',
          method: 'POST',
          path: '/events',
          as: 'admin',
          json: { title: 'Maratón', start: '2030-01-07T10:00:00.000Z', end: '2030-01-07T12:00:00.000Z' },
          status: 201,
          body: {
            message: M.events.created,
            event: {
              id: m.id,
              title: 'Maratón',
              start: '2030-01-07T10:00:00.000Z',
              end: '2030-01-07T12:00:00.000Z',
              kind: 'gym',
              allDay: false,
            },
          },
        },
        {
          name: 'the member sees it',
          method: 'GET',
          path: '/events?start=2030-01-06T00:00:00.000Z&end=2030-01-13T00:00:00.000Z',
          as: 'member',
          status: 200,
          body: listed(
            {
              id: m.id,
              title: m.string,
              start: m.iso,
              end: m.iso,
              kind: m.oneOf('gym', 'plan', 'class'),
              allDay: m.boolean,
            },
            [{ id: m.id, title: 'Maratón', start: m.iso, end: m.iso, kind: 'gym', allDay: false }],
          ),
        },
        { name: 'the overview', method: 'GET', path: '/stats', as: 'admin', status: 200, body: STATS },
      ],
    },
  ];

  /** Edits, password reset, Google, front-desk payments, cancelled checkouts and gym events. */
  scenarios.push(
    {
      name: 'password reset and Google sign-in',
      steps: [
        {
          name: "'olvidé mi contraseña' answers the same for any e-mail",
          method: 'POST',
          path: '/users/forgot',
          json: { email: 'nadie@example.com' },
          status: 200,
          body: { message: M.auth.forgotSent },
        },
        {
          name: "'olvidé mi contraseña' with a bad e-mail",
          method: 'POST',
          path: '/users/forgot',
          json: { email: 'nadie' },
          status: 400,
          body: invalid([['email', M.auth.registerEmailFormat]]),
        },
        {
          name: 'a reset link that was never sent',
          method: 'POST',
          path: '/users/reset',
          json: { token: 'a'.repeat(43), password: 'Secreta123' },
          status: 400,
          body: invalid([['token', M.auth.resetInvalid]]),
        },
        {
          name: 'a reset with a weak password and a malformed link',
          method: 'POST',
          path: '/users/reset',
          json: { token: 'x', password: 'abc' },
          status: 400,
          body: invalid([
            ['password', M.auth.passwordDigit],
            ['token', M.auth.resetInvalid],
          ]),
        },
        {
          name: 'Google without a credential',
          method: 'POST',
          path: '/users/google',
          json: {},
          status: 400,
          body: invalid([['credential', M.auth.googleRejected]]),
        },
        {
          name: 'Google sign-in where it is not configured',
          ...(w.skip.googleOff ? { skip: w.skip.googleOff } : {}),
          method: 'POST',
          path: '/users/google',
          json: { credential: 'abc' },
          status: 404,
          body: error(E.ROUTE_NOT_FOUND, M.auth.googleOff),
        },
      ],
    },
    {
      name: 'admin edits: a plan, a sede, a class and a user',
      steps: [
        {
          name: 'the admin renames Premium and changes its price',
          method: 'PUT',
          path: (v) => `/memberships/update/${byPlan(v, 'premium')}`,
          as: 'admin',
          json: { name: w.plans.premium.name, benefits: 'Todo incluido', duration: 12, price: '279.99' },
          status: 200,
          body: {
            message: M.planForm.updated,
            plan: { ...PLAN, name: w.plans.premium.name, benefits: 'Todo incluido', price: 279.99 },
          },
        },
        {
          name: "a plan renamed to another plan's name",
          method: 'PUT',
          path: (v) => `/memberships/update/${byPlan(v, 'plus')}`,
          as: 'admin',
          json: { name: w.plans.standar.name, benefits: 'Clases', duration: 3, price: 79.99 },
          status: 409,
          body: error(E.CONFLICT, M.planForm.nameTaken),
        },
        {
          name: 'a sede edited without a new image keeps its image',
          method: 'PUT',
          path: (v) => `/branchoffice/update/${v.centroId}`,
          as: 'admin',
          multipart: {
            field: 'officeAttributes',
            // Its own days and hours: narrower ones would leave its classes outside.
            attributes: { ...BRANCH_FORM(w.branch.name), location: 'Avenida Juárez 125', ...BRANCH_HOURS },
          },
          status: 200,
          body: {
            message: M.branches.updated,
            branchoffice: {
              ...BRANCH,
              name: w.branch.name,
              location: 'Avenida Juárez 125',
              image: m.regex(/sede-1|\.jpg$/),
            },
          },
        },
        {
          name: 'a sede form without its attributes',
          method: 'PUT',
          path: (v) => `/branchoffice/update/${v.centroId}`,
          as: 'admin',
          json: { name: w.branch.name },
          status: 400,
          body: error(E.VALIDATION_FAILED, M.api.validation, {
            details: [{ field: 'officeAttributes', message: M.api.missingAttributes }],
          }),
        },
        {
          name: 'a class edited: Zumba becomes unavailable',
          method: 'PUT',
          path: (v) => `/lessons/update/${v.zumbaId}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: { ...lessonForm(w, v, w.lessons.zumba), branchoffice: w.branch.name, isAvailable: 'false' },
          }),
          status: 200,
          body: {
            message: M.lessons.updated,
            lesson: {
              ...LESSON,
              name: w.lessons.zumba,
              isAvailable: false,
              monitor: w.accounts.trainer.fullName,
              branchoffice: w.branch.name,
            },
          },
        },
        {
          name: 'a class renamed to a taken name',
          method: 'PUT',
          path: (v) => `/lessons/update/${v.zumbaId}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: { ...lessonForm(w, v, w.lessons.yoga), branchoffice: w.branch.name },
          }),
          status: 409,
          body: error(E.CONFLICT, M.lessons.nameTaken),
        },
        {
          name: 'a class with an unknown type and sede',
          method: 'PUT',
          path: (v) => `/lessons/update/${v.zumbaId}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, w.lessons.zumba),
              branchoffice: 'Sede Luna',
              types: [w.catalog.type, 'Baile'],
            },
          }),
          status: 400,
          body: invalid([
            ['branchoffice', M.lessons.unknownBranch],
            ['types', `${M.lessons.unknownTypes}: Baile`],
          ]),
        },
        {
          name: "the admin edits a member's e-mail to a taken one",
          method: 'PUT',
          path: (v) => `/users/update/${v.userId}`,
          as: 'admin',
          json: {
            fullName: w.accounts.user.fullName,
            email: w.accounts.member.email,
            phone: w.accounts.user.phone,
            isMonitor: 'No',
            isAdmin: 'No',
          },
          status: 409,
          body: error(E.EMAIL_TAKEN, M.userForm.emailTaken, { success: false }),
        },
        {
          name: "the admin edits a member's phone",
          method: 'PUT',
          path: (v) => `/users/update/${v.userId}`,
          as: 'admin',
          json: {
            fullName: w.accounts.user.fullName,
            email: w.accounts.user.email,
            phone: '5519999999',
            isMonitor: 'No',
            isAdmin: 'No',
          },
          status: 200,
          body: {
            success: true,
            message: M.users.updated,
            user: { ...USER, phone: '5519999999', fullName: w.accounts.user.fullName },
          },
        },
        {
          name: 'an admin form with a bad phone',
          method: 'PUT',
          path: (v) => `/users/update/${v.userId}`,
          as: 'admin',
          json: {
            fullName: w.accounts.user.fullName,
            email: w.accounts.user.email,
            phone: '55',
            isMonitor: 'No',
            isAdmin: 'No',
          },
          status: 400,
          body: invalid([['phone', M.userForm.phoneFormat]], { success: false }),
        },
        {
          name: 'the users list pages',
          method: 'GET',
          path: '/users?page=2&limit=3',
          as: 'admin',
          status: 200,
          body: m.arrayOf(USER_LIST_ITEM, 3),
        },
      ],
    },
    {
      name: 'payments: front desk, a cancelled checkout and the admin list',
      steps: [
        {
          name: 'the front desk records a Premium payment for the newcomer',
          method: 'POST',
          path: '/payments/manual',
          as: 'admin',
          json: (v) => ({ userId: v.newUserId, planId: byPlan(v, 'premium') }),
          status: 201,
          body: {
            message: M.payments.success,
            payment: { ...PAYMENT, planName: w.plans.premium.name, provider: 'manual', status: 'paid', amount: 279.99 },
          },
        },
        {
          name: 'a front-desk payment for nobody',
          method: 'POST',
          path: '/payments/manual',
          as: 'admin',
          json: (v) => ({ userId: NO_SUCH_ID, planId: v.plusId }),
          status: 404,
          body: error(E.NOT_FOUND, M.users.notFound),
        },
        {
          name: 'a front-desk payment without ids',
          method: 'POST',
          path: '/payments/manual',
          as: 'admin',
          json: {},
          status: 400,
          body: invalid([
            ['userId', M.payments.userRequired],
            ['planId', M.payments.planRequired],
          ]),
        },
        {
          name: 'the member starts a checkout for Premium by name',
          method: 'POST',
          path: '/payments/create_checkout',
          as: 'member',
          json: { name: w.plans.premium.name },
          status: 201,
          save: (body: { redirect_url: string }, v: Vars) => {
            v.premiumSession = sessionOf(body.redirect_url);
          },
        },
        {
          name: "'Cancelar'",
          method: 'POST',
          path: (v) => `/payments/demo/${v.premiumSession}/cancel`,
          as: 'member',
          status: 200,
          body: {
            message: M.payments.cancelled,
            payment: { ...PAYMENT, planName: w.plans.premium.name, status: 'cancelled' },
          },
        },
        {
          name: "'Pagar' after cancelling",
          method: 'POST',
          path: (v) => `/payments/demo/${v.premiumSession}/confirm`,
          as: 'member',
          status: 409,
          body: error(E.CONFLICT, M.payments.notPending),
        },
        {
          name: 'the admin sees every payment, newest first',
          method: 'GET',
          path: '/payments',
          as: 'admin',
          status: 200,
          body: m.arrayOf(ADMIN_PAYMENT, 4),
        },
        {
          name: 'the front desk sells the newcomer Plus too, after their Premium',
          method: 'POST',
          path: '/payments/manual',
          as: 'admin',
          json: (v) => ({ userId: v.newUserId, planId: v.plusId }),
          status: 201,
          save: (body: { payment: { id: string } }, v: Vars) => {
            v.deskPayment = body.payment.id;
          },
        },
        {
          name: "the admin refunds the newcomer's Plus: their Premium stays",
          method: 'POST',
          path: (v) => `/payments/${v.deskPayment}/refund`,
          as: 'admin',
          json: { reason: 'Cambio de ciudad' },
          status: 200,
          body: {
            message: m.string,
            payment: {
              ...ADMIN_PAYMENT,
              planName: w.plans.plus.name,
              provider: 'manual',
              status: 'refunded',
              refundedAt: m.iso,
              refundReason: 'Cambio de ciudad',
              refundable: false,
            },
            membresia: { ...MEMBERSHIP, name: w.plans.premium.name },
          },
        },
        {
          name: 'the same payment refunded again',
          method: 'POST',
          path: (v) => `/payments/${v.deskPayment}/refund`,
          as: 'admin',
          json: {},
          status: 409,
          body: error(E.REFUND_REFUSED, M.payments.refund.already),
        },
        {
          name: 'the admin lists the refunded payments',
          method: 'GET',
          path: '/payments?status=refunded&method=manual',
          as: 'admin',
          status: 200,
          body: m.arrayOf({ ...ADMIN_PAYMENT, status: 'refunded', refundable: false, refundedAt: m.iso }, 1),
        },
        {
          name: 'the admin reads a member checkout session',
          method: 'GET',
          path: (v) => `/payments/session/${v.premiumSession}`,
          as: 'admin',
          status: 200,
          body: (v) => ({
            sessionId: v.premiumSession ?? '',
            planName: w.plans.premium.name,
            benefits: 'Todo incluido',
            duration: w.plans.premium.duration,
            amount: 279.99,
            currency: m.string,
            status: 'cancelled',
            provider: 'demo',
            renewing: false,
          }),
        },
      ],
    },
    {
      name: 'a password change keeps the changer signed in with a new token; look-alike e-mails are refused',
      steps: [
        {
          name: 'a password change without the current password is refused',
          method: 'PUT',
          path: (v) => `/users/update/${v.newUserId}`,
          as: 'newcomer',
          json: { fullName: 'Nuevo Socio', password: 'Nueva1234' },
          status: 400,
          body: invalid([['currentPassword', M.auth.currentPasswordRequired]], { success: false }),
        },
        {
          name: 'a password change with a wrong current password is refused',
          method: 'PUT',
          path: (v) => `/users/update/${v.newUserId}`,
          as: 'newcomer',
          json: { fullName: 'Nuevo Socio', password: 'Nueva1234', currentPassword: 'Equivocada1' },
          status: 400,
          body: {
            code: 'WRONG_CURRENT_PASSWORD',
            message: M.auth.currentPasswordWrong,
            details: [{ field: 'currentPassword', message: M.auth.currentPasswordWrong }],
            success: false,
          },
        },
        {
          name: 'the newcomer changes their password',
          method: 'PUT',
          path: (v) => `/users/update/${v.newUserId}`,
          as: 'newcomer',
          json: { fullName: 'Nuevo Socio', password: 'Nueva1234', currentPassword: 'Secreta123' },
          status: 200,
          body: {
            success: true,
            message: M.users.updated,
            user: { ...USER, fullName: 'Nuevo Socio' },
            token: m.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          },
          save: (body: { token: string }, v: Vars) => {
            v['token:newcomer'] = body.token;
          },
        },
        {
          name: 'the new token works',
          method: 'GET',
          path: (v) => `/users/${v.newUserId}`,
          as: 'newcomer',
          status: 200,
          body: { ...USER, fullName: 'Nuevo Socio' },
        },
        {
          name: 'the new password signs in',
          method: 'POST',
          path: '/users/login',
          json: (v) => ({ email: `contrato-${v.runId}@example.com`, password: 'Nueva1234' }),
          status: 200,
        },
        {
          name: 'an e-mail with a Cyrillic letter passing for a Latin one',
          method: 'POST',
          path: '/users/create',
          json: { email: 'socio@pulso.d\u0435mo', password: 'Secreta123' },
          status: 400,
          body: invalid([['email', M.auth.registerEmailFormat]], { success: false }),
        },
      ],
    },
    {
      name: 'gym events: bad input, delete and delete again',
      steps: [
        {
          name: 'an event that ends before it starts',
          method: 'POST',
          path: '/events',
          as: 'admin',
          json: { title: 'Clase abierta', start: '2030-02-01T10:00:00.000Z', end: '2030-02-01T09:00:00.000Z' },
          status: 400,
          body: invalid([['end', M.events.endOrder]]),
        },
        {
          name: 'an event',
          method: 'POST',
          path: '/events',
          as: 'admin',
          json: { title: 'Clase abierta', start: '2030-02-01T10:00:00.000Z', end: '2030-02-01T11:00:00.000Z' },
          status: 201,
          save: (body: { event: { id: string } }, v: Vars) => {
            v.eventId = body.event.id;
          },
        },
        {
          name: 'a range longer than 62 days',
          method: 'GET',
          path: '/events?start=2030-01-01T00:00:00.000Z&end=2030-06-01T00:00:00.000Z',
          as: 'member',
          status: 400,
          body: error(E.VALIDATION_FAILED, M.events.rangeTooLong),
        },
        {
          name: 'delete it',
          method: 'DELETE',
          path: (v) => `/events/${v.eventId}`,
          as: 'admin',
          status: 200,
          body: { message: M.events.deleted },
        },
        {
          name: 'delete it again',
          method: 'DELETE',
          path: (v) => `/events/${v.eventId}`,
          as: 'admin',
          status: 404,
          body: error(E.NOT_FOUND, M.events.notFound),
        },
        {
          name: 'a contact message with a line break in the subject',
          method: 'POST',
          path: '/contact',
          json: { user_name: 'Ana', subject: 'Hola\nBcc: x@example.com', user_email: 'ana@example.com' },
          status: 400,
          body: invalid([['subject', M.contactForm.noLineBreaks]]),
        },
      ],
    },
    {
      name: 'classes by id: two trainers with one name each teach a class; the name alone is ambiguous',
      steps: [
        ...(['anaOne', 'anaTwo'] as const).map((key) => ({
          name: `a trainer named ${w.namesake} (${key})`,
          method: 'POST' as const,
          path: '/users/create',
          as: 'admin',
          json: (v: Vars) => ({
            fullName: w.namesake,
            email: `${key.toLowerCase()}-${v.runId}@example.com`,
            phone: '5512345678',
            password: 'Secreta123',
            isMonitor: 'Si',
            isAdmin: 'No',
          }),
          status: 201,
          save: (body: { user: { id: string } }, v: Vars) => {
            v[key] = body.user.id;
          },
        })),
        {
          name: 'a class naming the trainer by the name both share',
          method: 'POST',
          path: '/lessons/create',
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, `Ana${letters(v.runId)}`),
              monitor: w.namesake,
              branchoffice: [w.branch.name],
            },
            image: { name: 'clase.png', content: 'jpeg' },
          }),
          status: 400,
          body: invalid([['monitor', M.lessons.ambiguousTrainer(w.namesake, 2)]]),
        },
        ...(['anaOne', 'anaTwo'] as const).map((key, i) => ({
          name: `a class given to ${key} by id, at the same hours as the other's`,
          method: 'POST' as const,
          path: '/lessons/create',
          as: 'admin',
          multipart: (v: Vars) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, `${ANA_LESSONS[i]}${letters(v.runId)}`),
              monitor: undefined,
              branchoffice: undefined,
              monitorId: v[key],
              officeId: v.centroId,
            },
            image: { name: 'clase.png', content: 'jpeg' as const },
          }),
          status: 201,
          body: (v: Vars) => ({
            message: M.lessons.created,
            lesson: {
              ...LESSON,
              name: `${ANA_LESSONS[i]}${letters(v.runId)}`,
              monitor: w.namesake,
              monitorId: v[key] ?? '',
              branchoffice: w.branch.name,
              officeId: v.centroId ?? '',
            },
          }),
          save: (body: { lesson: LessonDto }, v: Vars) => {
            v[`${key}Lesson`] = body.lesson.id;
          },
        })),
        ...(['anaOne', 'anaTwo'] as const).map((key, i) => ({
          name: `the page of ${key}'s class names its own trainer`,
          method: 'GET' as const,
          path: (v: Vars) => `/lessons/${ANA_LESSONS[i]}${letters(v.runId)}`,
          status: 200,
          body: (v: Vars) => ({ ...LESSON, id: v[`${key}Lesson`] ?? '', monitor: w.namesake, monitorId: v[key] ?? '' }),
        })),
        {
          name: 'the class list carries the ids',
          method: 'GET',
          path: '/lessons/all',
          status: 200,
          body: m.arrayOf({ ...LESSON_ITEM, monitorId: m.id, officeId: m.id }, 2),
        },
        {
          name: 'a class given to a trainer and a sede that do not exist',
          method: 'PUT',
          path: (v) => `/lessons/update/${v.anaOneLesson}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, `${ANA_LESSONS[0]}${letters(v.runId)}`),
              monitorId: NO_SUCH_ID,
              officeId: NO_SUCH_ID,
            },
          }),
          status: 400,
          body: invalid([
            ['monitor', M.lessons.unknownTrainer],
            ['branchoffice', M.lessons.unknownBranch],
          ]),
        },
        {
          name: 'no trainer chosen by id or name',
          method: 'PUT',
          path: (v) => `/lessons/update/${v.anaOneLesson}`,
          as: 'admin',
          multipart: (v) => ({
            field: 'lessonAttributes',
            attributes: {
              ...lessonForm(w, v, `${ANA_LESSONS[0]}${letters(v.runId)}`),
              monitor: undefined,
              monitorId: 'Seleccione',
            },
          }),
          status: 400,
          body: invalid([['monitor', M.lessonForm.trainerRequired]]),
        },
        ...(['anaOne', 'anaTwo'] as const).flatMap((key): Step[] => [
          {
            name: `${key}'s class retired`,
            method: 'DELETE' as const,
            path: (v: Vars) => `/lessons/delete/${v[`${key}Lesson`]}`,
            as: 'admin',
            status: 200,
            body: { message: M.lessons.deleted },
          },
          {
            name: `${key} suspended`,
            method: 'DELETE' as const,
            path: (v: Vars) => `/users/delete/${v[key]}`,
            as: 'admin',
            status: 200,
            body: { success: true, message: M.users.deleted },
          },
        ]),
      ],
    },
  );
  scenarios.push({
    name: 'class sessions: a standing place, a booking, a full session, the waitlist and a promotion; the gym cancels a session',
    steps: [
      {
        name: "the member sees Zumba's sessions open for booking",
        method: 'GET',
        path: (v) => `/sessions/of/${v.zumbaId}`,
        as: 'member',
        status: 200,
        body: m.arrayOf({ ...SESSION, lessonName: w.lessons.zumba, bookable: true }),
        // The furthest session: well before its late-cancel limit, so a cancellation promotes.
        save: (body: ClassSessionDto[], v: Vars) => {
          v.sessionId = body.at(-1)?.id ?? '';
        },
      },
      {
        name: 'the admin gives that session two places: the user holds one (Zumba is on their schedule)',
        method: 'PUT',
        path: (v) => `/sessions/${v.sessionId}`,
        as: 'admin',
        json: { capacity: 2, trainerId: '' },
        status: 200,
        body: { message: M.bookings.sessionUpdated, session: { ...SESSION, capacity: 2, taken: 1, seatsLeft: 1 } },
      },
      {
        name: 'the member books it',
        method: 'POST',
        path: (v) => `/sessions/${v.sessionId}/booking`,
        as: 'member',
        status: 200,
        body: {
          message: M.bookings.confirmed,
          result: 'confirmed',
          session: { ...SESSION, taken: 2, seatsLeft: 0, mine: { state: 'confirmed', position: null } },
        },
      },
      {
        name: 'the newcomer finds it full and waits first',
        method: 'POST',
        path: (v) => `/sessions/${v.sessionId}/booking`,
        as: 'newcomer',
        status: 200,
        body: {
          message: M.bookings.waitlisted(1),
          result: 'waitlisted',
          session: { ...SESSION, taken: 2, waiting: 1, mine: { state: 'waitlisted', position: 1 } },
        },
      },
      {
        name: 'the member cancels',
        method: 'DELETE',
        path: (v) => `/sessions/${v.sessionId}/booking`,
        as: 'member',
        status: 200,
        body: { message: M.bookings.cancelled, result: 'cancelled', session: { ...SESSION, mine: null } },
      },
      {
        name: 'the newcomer now holds the place',
        method: 'GET',
        path: (v) => `/sessions/${v.sessionId}`,
        as: 'newcomer',
        status: 200,
        body: { ...SESSION, taken: 2, waiting: 0, mine: { state: 'confirmed', position: null } },
      },
      {
        name: "the admin reads the session's list: the user holds seat 1, the newcomer seat 2 from the waitlist",
        method: 'GET',
        path: (v) => `/sessions/${v.sessionId}/roster`,
        as: 'admin',
        status: 200,
        body: (v) => ({
          session: { ...SESSION, taken: 2, waiting: 0, mine: null },
          confirmed: [
            {
              memberId: String(v.userId),
              name: w.accounts.user.fullName,
              seat: 1,
              at: m.iso,
              promoted: false,
              checkedIn: null,
              noShow: false,
            },
            {
              memberId: String(v.newUserId),
              name: m.string,
              seat: 2,
              at: m.iso,
              promoted: true,
              checkedIn: null,
              noShow: false,
            },
          ],
          waiting: [],
          lateCancels: [],
        }),
      },
      {
        name: "the member may not read the session's list",
        method: 'GET',
        path: (v) => `/sessions/${v.sessionId}/roster`,
        as: 'member',
        status: 403,
        body: error(E.FORBIDDEN, M.api.forbidden),
      },
      {
        name: 'the member cancels again',
        method: 'DELETE',
        path: (v) => `/sessions/${v.sessionId}/booking`,
        as: 'member',
        status: 409,
        body: error(E.CONFLICT, M.bookings.notBooked),
      },
      {
        name: 'the gym cancels the session',
        method: 'POST',
        path: (v) => `/sessions/${v.sessionId}/cancel`,
        as: 'admin',
        json: { reason: 'Feriado' },
        status: 200,
        body: {
          message: M.bookings.sessionCancelledDone,
          session: { ...SESSION, cancelled: true, cancelReason: 'Feriado', seatsLeft: 0, bookable: false },
        },
      },
      {
        name: 'a cancelled session takes no booking',
        method: 'POST',
        path: (v) => `/sessions/${v.sessionId}/booking`,
        as: 'member',
        status: 409,
        body: error(E.CONFLICT, M.bookings.sessionCancelled),
      },
      {
        name: 'a session that does not exist',
        method: 'GET',
        path: (v) => `/sessions/${v.zumbaId}:2030-02-30`,
        status: 404,
        body: error(E.NOT_FOUND, M.bookings.sessionNotFound),
      },
    ],
  });
  scenarios.push({
    name: 'check-in: a member shows their rotating code; the desk is refused without a booking, with a code that is not one, and by a member; the admin reads the attendance',
    steps: [
      {
        name: "the newcomer's code now",
        method: 'GET',
        path: '/checkin/card',
        as: 'newcomer',
        status: 200,
        body: {
          code: m.regex(CHECKIN_CODE.pattern),
          display: m.regex(/^[0-9A-Z]{4}-[0-9A-Z]{4}-\d{6}$/),
          changesAt: m.iso,
        },
        save: (body: { code: string }, v: Vars) => {
          v.checkinCode = body.code;
        },
      },
      {
        name: 'the desk checks the newcomer in at the sede: no booking there now',
        method: 'POST',
        path: '/checkin',
        as: 'admin',
        json: (v) => ({ code: v.checkinCode, branchId: v.centroId }),
        status: 409,
        body: { code: E.CHECKIN_NO_BOOKING, message: m.string },
      },
      {
        name: 'a code that is not one',
        method: 'POST',
        path: '/checkin',
        as: 'admin',
        json: (v) => ({ code: 'ZZZZ-ZZZZ-000000', branchId: v.centroId }),
        status: 404,
        body: error(E.CHECKIN_INVALID_CODE, M.checkin.invalidCode),
      },
      {
        name: 'no code and no sede',
        method: 'POST',
        path: '/checkin',
        as: 'admin',
        json: {},
        status: 400,
        body: invalid([
          ['code', M.checkin.codeRequired],
          ['branchId', M.checkin.branchRequired],
        ]),
      },
      {
        name: 'a member may not check anyone in',
        method: 'POST',
        path: '/checkin',
        as: 'member',
        json: (v) => ({ code: v.checkinCode, branchId: v.centroId }),
        status: 403,
        body: error(E.FORBIDDEN, M.api.forbidden),
      },
      {
        name: "the admin reads the member's attendance",
        method: 'GET',
        path: (v) => `/checkin/members/${v.memberId}`,
        as: 'admin',
        status: 200,
        body: {
          attended: m.number,
          noShows: m.number,
          lateCancels: m.number,
          latest: m.arrayOf({
            sessionId: m.string,
            lessonName: m.string,
            start: m.string,
            kind: m.oneOf('attended', 'no-show', 'late-cancel'),
            at: m.iso,
          }),
        },
      },
      {
        name: "a member may not read another's attendance",
        method: 'GET',
        path: (v) => `/checkin/members/${v.memberId}`,
        as: 'member',
        status: 403,
        body: error(E.FORBIDDEN, M.api.forbidden),
      },
    ],
  });
  scenarios.push({
    name: "the trainer's sessions: their week to teach and a session's list; members may not see them",
    steps: [
      {
        name: 'the trainer lists the sessions they teach in the next week',
        method: 'GET',
        path: '/sessions/teaching',
        as: 'trainer',
        status: 200,
        body: m.arrayOf(TAUGHT),
        save: (body: TaughtSessionDto[], v: Vars) => {
          v.taughtId = (body.find((s) => s.lessonId === v.spinningId) ?? body[0])?.id ?? '';
        },
      },
      {
        name: 'the trainer reads the list of one of them',
        method: 'GET',
        path: (v) => `/sessions/${v.taughtId}/roster`,
        as: 'trainer',
        status: 200,
        body: (v) => ({
          session: { ...SESSION, id: String(v.taughtId), mine: null },
          confirmed: m.arrayOf({
            memberId: m.id,
            name: m.string,
            seat: m.number,
            at: m.iso,
            promoted: m.boolean,
            checkedIn: m.nullable(m.iso),
            noShow: m.boolean,
          }),
          waiting: m.arrayOf({ memberId: m.id, name: m.string, position: m.number, at: m.iso }),
          lateCancels: m.arrayOf({ memberId: m.id, name: m.string, at: m.iso }),
        }),
      },
      {
        name: 'the admin reads it too',
        method: 'GET',
        path: (v) => `/sessions/${v.taughtId}/roster`,
        as: 'admin',
        status: 200,
      },
      {
        name: 'a member may not list sessions to teach',
        method: 'GET',
        path: '/sessions/teaching',
        as: 'member',
        status: 403,
        body: error(E.FORBIDDEN, M.api.forbidden),
      },
      {
        name: "a member may not read the trainer's list",
        method: 'GET',
        path: (v) => `/sessions/${v.taughtId}/roster`,
        as: 'member',
        status: 403,
        body: error(E.FORBIDDEN, M.api.forbidden),
      },
      {
        name: 'a period out of range',
        method: 'GET',
        path: '/sessions/teaching?days=57',
        as: 'trainer',
        status: 400,
        body: invalid([['days', M.bookings.daysRange(56)]]),
      },
    ],
  });
  const feedUrl = (token = '[\\w-]{43}') => m.regex(new RegExp(`^https?://[^/]+/api/calendar/feed/${token}\\.ics$`));
  const feedToken = (url: string) => /\/feed\/([\w-]{43})\.ics$/.exec(url)?.[1] ?? '';
  scenarios.push({
    name: 'calendar feed: the member gets a private address, the same each time, and makes a new one',
    steps: [
      {
        name: "the member's address, made on the first ask",
        method: 'GET',
        path: '/calendar/feed',
        as: 'member',
        status: 200,
        body: { url: feedUrl(), createdAt: m.iso },
        save: (body: { url: string }, v: Vars) => {
          v.feedToken = feedToken(body.url);
        },
      },
      {
        name: 'the same address when asked again',
        method: 'GET',
        path: '/calendar/feed',
        as: 'member',
        status: 200,
        body: (v) => ({ url: feedUrl(String(v.feedToken)), createdAt: m.iso }),
      },
      {
        name: 'a new address',
        method: 'POST',
        path: '/calendar/feed',
        as: 'member',
        status: 200,
        body: { message: M.feeds.renewed, feed: { url: feedUrl(), createdAt: m.iso } },
        save: (body: { feed: { url: string } }, v: Vars) => {
          v.feedToken = feedToken(body.feed.url);
        },
      },
      {
        name: 'which is the address from then on',
        method: 'GET',
        path: '/calendar/feed',
        as: 'member',
        status: 200,
        body: (v) => ({ url: feedUrl(String(v.feedToken)), createdAt: m.iso }),
      },
      {
        name: 'nobody signed in gets none',
        method: 'GET',
        path: '/calendar/feed',
        status: 401,
        body: error(E.UNAUTHENTICATED, M.api.unauthenticated),
      },
    ],
  });
  return scenarios;
}

/** The scenarios in the demo world: the server's contract suite and the mock's run these. */
export const SCENARIOS: Scenario[] = contractScenarios(DEMO_WORLD);

/** The contract class's name once renamed: a space and an accent (issue 18), 15 characters. */
function spacedName(v: Vars): string {
  return `Aeróbico ${letters(v.runId)}`;
}

import { BranchModel } from '../modules/branches/branches.model';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import request from 'supertest';
import { ALLOWED_SCANS, GROWING_COLLECTIONS, type AllowedScan } from '../lib/query-shapes';
import { LessonModel } from '../modules/lessons/lessons.model';
import { PlanModel } from '../modules/plans/plans.model';
import { UserModel } from '../modules/users/users.model';
import { seedIfEmpty } from '../seed/seed';
import { ensureReadModels } from '../read-models';
import { createTestApp } from '../test/app';
import { useTestDatabase } from '../test/db';
import { branchFields } from '../test/fixtures';
import { PNG } from '../test/images';
import { mountedApiRoutes } from '../test/openapi';
import { upcomingSessions } from '../modules/bookings/bookings.service';
import { startSmtp, until } from '../test/smtp';

/**
 * Every request path, run against the engine with the read cache off, may read a growing collection
 * (lib/query-shapes.ts) only by a filter the engine serves from an index: on FerretDB, one it pushes
 * down to SQL (exactly `{ _id }`) and answers with SQLite's index; on MongoDB, a plan without a
 * collection scan. The commands each request sends are recorded through the driver's command
 * monitoring and each query is explained by the engine itself, so the test judges what the engine
 * does, not what the code looks like. Allowed exceptions are ALLOWED_SCANS, with their reasons.
 */

/** Routes no case below requests, each with why. */
const NOT_EXERCISED: Record<string, string> = {
  'POST /api/payments/webhook':
    "Stripe's signed events need the Stripe provider and a fake Stripe API (payments/__tests__/stripe.api.test.ts); the demo checkout reaches the same fulfilment through its confirm route",
};

const GOOGLE_CLIENT_ID = 'pulso-test.apps.googleusercontent.com';
const GOOGLE_KID = 'query-shapes-key';
const googleKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Google's certificate endpoint, served from 127.0.0.1 with our own key. */
const googleCerts = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ [GOOGLE_KID]: googleKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
});

function googleCredential(): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    {
      iss: 'https://accounts.google.com',
      aud: GOOGLE_CLIENT_ID,
      sub: '2098765432101234',
      email: 'nueva.google@example.com',
      email_verified: true,
      name: 'Nueva Google',
      iat: now,
      exp: now + 600,
    },
    googleKeys.privateKey,
    { algorithm: 'RS256', keyid: GOOGLE_KID },
  );
}

type Vars = Record<string, string>;
type Agent = ReturnType<typeof request>;

/** One request of a route, with the status that shows it went the way the case means. */
interface Case {
  /** 'METHOD /api/path' with ':param', as the route tables write it. */
  route: string;
  name: string;
  status: number;
  send: (api: Agent, v: Vars) => request.Test;
  save?: (body: Record<string, unknown>, v: Vars) => void | Promise<void>;
}

/** Read by the test itself, outside any request (not recorded). */
const userId = async (email: string) => String((await UserModel.findOne({ email }).lean())?._id);

const auth = (token: string | undefined) => ({ Authorization: `Bearer ${token ?? ''}` });
const loginToken = (body: Record<string, unknown>) => (body.login as { token: string }).token;

function login(who: string, email: string, password: string, key: string): Case {
  return {
    route: 'POST /api/users/login',
    name: `${who} logs in`,
    status: 200,
    send: (api) => api.post('/api/users/login').send({ email, password }),
    save: (body, v) => {
      v[key] = loginToken(body);
    },
  };
}

const lessonForm = (v: Vars, change: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Estiramientos',
    shortDescription: 'Movilidad suave',
    description: 'Estiramientos guiados para terminar la semana',
    effort: '1',
    types: ['Cardio'],
    goals: ['Resistencia'],
    scheduleDays: ['Domingo'],
    scheduleHourStart: '9:00',
    scheduleHourFinish: '10:00',
    isAvailable: true,
    monitor: v.trainerName,
    branchoffice: ['Sede Sur'],
    ...change,
  });

const branchForm = (change: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Sede Oriente',
    location: 'Calzada Oriente 10',
    scheduleDays: ['Lunes', 'Martes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '21:00',
    ...change,
  });

const planForm = { name: 'Anual', benefits: 'Todas las clases todo el año', duration: '12', price: '999' };

/** The requests, in order: later ones use what earlier ones saved in `v`. */
function cases(mailbox: () => Promise<string>): Case[] {
  return [
    // Sessionless.
    { route: 'GET /api/health', name: 'health', status: 200, send: (api) => api.get('/api/health') },
    { route: 'GET /api/ready', name: 'readiness', status: 200, send: (api) => api.get('/api/ready') },
    { route: 'GET /api/config', name: 'public config', status: 200, send: (api) => api.get('/api/config') },
    { route: 'GET /api/openapi.json', name: 'API document', status: 200, send: (api) => api.get('/api/openapi.json') },

    // Signing in.
    login('the admin', 'admin@pulso.demo', 'Admin1234', 'admin'),
    login('the demo member', 'socio@pulso.demo', 'Socio1234', 'member'),
    login('the user without membership', 'usuario@pulso.demo', 'Usuario1234', 'user'),
    login('a trainer', 'carlos@pulso.demo', 'Profe1234', 'trainer'),
    {
      route: 'POST /api/users/login',
      name: 'a wrong password',
      status: 401,
      send: (api) => api.post('/api/users/login').send({ email: 'socio@pulso.demo', password: 'Mala12345' }),
    },
    {
      route: 'POST /api/users/login',
      name: 'an unknown e-mail',
      status: 404,
      send: (api) => api.post('/api/users/login').send({ email: 'nadie@example.com', password: 'Mala12345' }),
    },
    {
      route: 'POST /api/users/create',
      name: 'a visitor registers',
      status: 201,
      send: (api) =>
        api.post('/api/users/create').send({
          fullName: 'Nueva Persona',
          email: 'nueva.persona@example.com',
          phone: '5512340000',
          password: 'Nueva1234',
        }),
      save: (body, v) => {
        const user = body.user as { id: string; token: string };
        v.fresh = user.token;
        v.freshId = user.id;
      },
    },
    {
      route: 'POST /api/users/create',
      name: 'a visitor registers with a taken e-mail',
      status: 409,
      send: (api) =>
        api.post('/api/users/create').send({
          fullName: 'Otra Persona',
          email: 'socio@pulso.demo',
          phone: '5512340001',
          password: 'Nueva1234',
        }),
    },
    {
      route: 'POST /api/users/google',
      name: 'a new person signs in with Google',
      status: 200,
      send: (api) => api.post('/api/users/google').send({ credential: googleCredential() }),
      save: async (body, v) => {
        v.google = loginToken(body);
        v.googleId = await userId('nueva.google@example.com');
      },
    },
    {
      route: 'POST /api/users/google',
      name: 'the same Google account signs in again',
      status: 200,
      send: (api) => api.post('/api/users/google').send({ credential: googleCredential() }),
    },

    // The public catalogue.
    {
      route: 'GET /api/memberships',
      name: 'plans',
      status: 200,
      send: (api) => api.get('/api/memberships'),
      save: (body, v) => {
        const plans = body as unknown as { id: string; name: string }[];
        v.standarId = plans.find((p) => p.name === 'Standar')?.id ?? '';
      },
    },
    {
      route: 'GET /api/memberships/:id',
      name: 'one plan',
      status: 200,
      send: (api, v) => api.get(`/api/memberships/${v.standarId}`),
    },
    { route: 'GET /api/lessons', name: 'available lessons', status: 200, send: (api) => api.get('/api/lessons') },
    { route: 'GET /api/lessons/all', name: 'all lessons', status: 200, send: (api) => api.get('/api/lessons/all') },
    {
      route: 'GET /api/lessons/detail/:id',
      name: 'a lesson by id',
      status: 200,
      send: (api, v) => api.get(`/api/lessons/detail/${v.spinningId}`),
    },
    {
      route: 'GET /api/lessons/:name',
      name: 'a lesson by name',
      status: 200,
      send: (api) => api.get('/api/lessons/Spinning'),
    },
    {
      route: 'GET /api/lessons/:name',
      name: 'a lesson by name, signed in',
      status: 200,
      send: (api, v) => api.get('/api/lessons/Spinning').set(auth(v.member)),
    },
    {
      route: 'GET /api/branchoffice',
      name: 'sedes',
      status: 200,
      send: (api) => api.get('/api/branchoffice'),
      save: (body, v) => {
        v.branchId = (body.branchOffice as { id: string }[])[0]?.id ?? '';
      },
    },
    {
      route: 'GET /api/branchoffice/:id',
      name: 'one sede',
      status: 200,
      send: (api, v) => api.get(`/api/branchoffice/${v.branchId}`),
    },
    { route: 'GET /api/types', name: 'types', status: 200, send: (api) => api.get('/api/types') },
    { route: 'GET /api/goals', name: 'goals', status: 200, send: (api) => api.get('/api/goals') },

    // Members and users.
    {
      route: 'GET /api/users/:id',
      name: 'the member reads their profile',
      status: 200,
      send: (api, v) => api.get(`/api/users/${v.memberId}`).set(auth(v.member)),
    },
    {
      route: 'GET /api/users/:id',
      name: 'a fresh user reads their profile',
      status: 200,
      send: (api, v) => api.get(`/api/users/${v.freshId}`).set(auth(v.fresh)),
    },
    {
      route: 'GET /api/users/:id',
      name: 'a trainer reads their profile',
      status: 200,
      send: (api, v) => api.get(`/api/users/${v.trainerId}`).set(auth(v.trainer)),
    },
    {
      route: 'GET /api/users/:id',
      name: 'the admin reads a member',
      status: 200,
      send: (api, v) => api.get(`/api/users/${v.memberId}`).set(auth(v.admin)),
    },
    {
      route: 'PUT /api/users/update/:id',
      name: 'the member changes their name',
      status: 200,
      send: (api, v) =>
        api
          .put(`/api/users/update/${v.memberId}`)
          .set(auth(v.member))
          .send({ fullName: 'Sofía Martínez López', phone: '5510000002' }),
    },
    {
      route: 'PUT /api/users/update/:id',
      name: 'the user changes their password',
      status: 200,
      send: (api, v) =>
        api.put(`/api/users/update/${v.userId}`).set(auth(v.user)).send({
          fullName: 'Diego Herrera',
          phone: '5510000003',
          password: 'Usuario5678',
          currentPassword: 'Usuario1234',
        }),
      save: (body, v) => {
        v.user = body.token as string;
      },
    },
    {
      route: 'PUT /api/users/update/:id',
      name: 'the admin edits a member',
      status: 200,
      send: (api, v) =>
        api.put(`/api/users/update/${v.memberId}`).set(auth(v.admin)).send({
          fullName: 'Sofía Martínez',
          email: 'socio@pulso.demo',
          phone: '5510000002',
          isMonitor: false,
          isAdmin: false,
        }),
    },
    {
      route: 'GET /api/users/export',
      name: 'the member downloads their data',
      status: 200,
      send: (api, v) => api.get('/api/users/export').set(auth(v.member)),
    },
    {
      route: 'GET /api/users/preferences',
      name: 'the member reads their e-mail preferences',
      status: 200,
      send: (api, v) => api.get('/api/users/preferences').set(auth(v.member)),
    },
    {
      route: 'PUT /api/users/preferences',
      name: 'the member switches their membership reminders off',
      status: 200,
      send: (api, v) => api.put('/api/users/preferences').set(auth(v.member)).send({ membershipReminders: false }),
    },
    {
      route: 'PUT /api/users/addlesson/:lessonId',
      name: 'the member adds a lesson',
      status: 200,
      send: (api, v) => api.put(`/api/users/addlesson/${v.freeLessonId}`).set(auth(v.member)).send({}),
    },
    {
      route: 'PUT /api/users/addlesson/:lessonId',
      name: 'the member adds it again',
      status: 409,
      send: (api, v) => api.put(`/api/users/addlesson/${v.freeLessonId}`).set(auth(v.member)).send({}),
    },
    {
      route: 'DELETE /api/users/addlesson/:lessonId',
      name: 'the member takes the lesson off their schedule (its places are freed)',
      status: 200,
      send: (api, v) => api.delete(`/api/users/addlesson/${v.freeLessonId}`).set(auth(v.member)),
    },
    {
      route: 'PUT /api/users/addlesson/:lessonId',
      name: 'the member adds it back',
      status: 200,
      send: (api, v) => api.put(`/api/users/addlesson/${v.freeLessonId}`).set(auth(v.member)).send({}),
    },
    {
      route: 'PUT /api/users/addlesson/:lessonId',
      name: 'a user without membership tries',
      status: 403,
      send: (api, v) => api.put(`/api/users/addlesson/${v.freeLessonId}`).set(auth(v.fresh)).send({}),
    },
    {
      route: 'GET /api/sessions/of/:lessonId',
      name: "a class's upcoming sessions, for the member",
      status: 200,
      send: (api, v) => api.get(`/api/sessions/of/${v.spinningId}`).set(auth(v.member)),
    },
    {
      route: 'POST /api/sessions/:sessionId/booking',
      name: 'the member books a session',
      status: 200,
      send: (api, v) => api.post(`/api/sessions/${v.sessionId}/booking`).set(auth(v.member)),
    },
    {
      route: 'POST /api/sessions/:sessionId/booking',
      name: 'the member books it again',
      status: 200,
      send: (api, v) => api.post(`/api/sessions/${v.sessionId}/booking`).set(auth(v.member)),
    },
    {
      route: 'POST /api/sessions/:sessionId/booking',
      name: 'a user without membership tries to book',
      status: 403,
      send: (api, v) => api.post(`/api/sessions/${v.sessionId}/booking`).set(auth(v.fresh)),
    },
    {
      route: 'GET /api/sessions/branch/:branchId',
      name: "a visitor reads a sede's timetable (its classes' sessions of the week, with places)",
      status: 200,
      send: (api, v) => api.get(`/api/sessions/branch/${v.branchId}`),
    },
    {
      route: 'GET /api/sessions/next',
      name: "a visitor reads every class's next session with its places (the class list)",
      status: 200,
      send: (api) => api.get('/api/sessions/next'),
    },
    {
      route: 'GET /api/sessions/demand',
      name: "the admin reads the chain's waiting demand",
      status: 200,
      send: (api, v) => api.get('/api/sessions/demand').set(auth(v.admin)),
    },
    {
      route: 'POST /api/wishes',
      name: 'the member waits for any Spinning in an evening band',
      status: 201,
      send: (api, v) =>
        api
          .post('/api/wishes')
          .set(auth(v.member))
          .send({ lessonId: v.spinningId, days: ['Lunes', 'Martes'], from: '18:00', to: '20:00' }),
      save: (body, v) => {
        v.wishId = (body.wish as { id: string }).id;
      },
    },
    {
      route: 'GET /api/wishes/mine',
      name: "the member's waits",
      status: 200,
      send: (api, v) => api.get('/api/wishes/mine').set(auth(v.member)),
    },
    {
      route: 'DELETE /api/wishes/:wishId',
      name: 'the member stops waiting',
      status: 200,
      send: (api, v) => api.delete(`/api/wishes/${v.wishId}`).set(auth(v.member)),
    },
    {
      route: 'GET /api/sessions/:sessionId',
      name: 'a visitor looks at the session',
      status: 200,
      send: (api, v) => api.get(`/api/sessions/${v.sessionId}`),
    },
    {
      route: 'PUT /api/sessions/:sessionId',
      name: 'the admin gives the session a capacity of its own',
      status: 200,
      send: (api, v) => api.put(`/api/sessions/${v.sessionId}`).set(auth(v.admin)).send({ capacity: 1, trainerId: '' }),
    },
    {
      route: 'GET /api/sessions/:sessionId/roster',
      name: "the admin reads the session's list",
      status: 200,
      send: (api, v) => api.get(`/api/sessions/${v.sessionId}/roster`).set(auth(v.admin)),
    },
    {
      route: 'GET /api/sessions/teaching',
      name: "the trainer's sessions of the next week ('Mis Clases')",
      status: 200,
      send: (api, v) => api.get('/api/sessions/teaching').set(auth(v.trainer)),
    },
    {
      route: 'GET /api/sessions/:sessionId/roster',
      name: "the class's trainer reads the session's list",
      status: 200,
      send: (api, v) => api.get(`/api/sessions/${v.sessionId}/roster`).set(auth(v.trainer)),
    },
    {
      route: 'GET /api/calendar/feed',
      name: "the member's calendar feed address, made on the first ask",
      status: 200,
      send: (api, v) => api.get('/api/calendar/feed').set(auth(v.member)),
      save: (body, v) => {
        v.feedUrl = body.url as string;
      },
    },
    {
      route: 'GET /api/calendar/feed/:file',
      name: "a calendar app fetches the member's feed",
      status: 200,
      send: (api, v) => api.get(new URL(v.feedUrl ?? '').pathname),
    },
    {
      route: 'GET /api/calendar/feed',
      name: "the trainer's calendar feed address",
      status: 200,
      send: (api, v) => api.get('/api/calendar/feed').set(auth(v.trainer)),
      save: (body, v) => {
        v.trainerFeedUrl = body.url as string;
      },
    },
    {
      route: 'GET /api/calendar/feed/:file',
      name: "a calendar app fetches the trainer's feed (bookings and the sessions taught)",
      status: 200,
      send: (api, v) => api.get(new URL(v.trainerFeedUrl ?? '').pathname),
    },
    {
      route: 'POST /api/calendar/feed',
      name: 'the member makes a new feed address',
      status: 200,
      send: (api, v) => api.post('/api/calendar/feed').set(auth(v.member)),
    },
    {
      route: 'GET /api/calendar/feed/:file',
      name: 'a calendar app fetches the replaced address',
      status: 404,
      send: (api, v) => api.get(new URL(v.feedUrl ?? '').pathname),
    },
    {
      route: 'GET /api/sessions/of/:lessonId',
      name: "the admin plans a class's sessions four weeks ahead",
      status: 200,
      send: (api, v) => api.get(`/api/sessions/of/${v.spinningId}?days=28`).set(auth(v.admin)),
    },
    {
      route: 'DELETE /api/sessions/:sessionId/booking',
      name: 'the member cancels the booking',
      status: 200,
      send: (api, v) => api.delete(`/api/sessions/${v.sessionId}/booking`).set(auth(v.member)),
    },
    {
      route: 'GET /api/checkin/card',
      name: "the member's check-in code for their profile",
      status: 200,
      send: (api, v) => api.get('/api/checkin/card').set(auth(v.member)),
      save: (body, v) => {
        v.code = body.code as string;
      },
    },
    {
      route: 'POST /api/checkin',
      name: 'the front desk checks the member in by code (no booking at this sede now: refused)',
      status: 409,
      send: (api, v) => api.post('/api/checkin').set(auth(v.admin)).send({ code: v.code, branchId: v.emptyBranchId }),
    },
    {
      route: 'POST /api/sessions/:sessionId/checkin',
      name: 'the admin checks a member in from the roster (refused: not booked or not open)',
      status: 409,
      send: (api, v) =>
        api.post(`/api/sessions/${v.sessionId}/checkin`).set(auth(v.admin)).send({ memberId: v.memberId }),
    },
    {
      route: 'GET /api/checkin/members/:memberId',
      name: "the admin reads a member's attendance",
      status: 200,
      send: (api, v) => api.get(`/api/checkin/members/${v.memberId}`).set(auth(v.admin)),
    },
    {
      route: 'POST /api/sessions/:sessionId/cancel',
      name: 'the admin cancels the session',
      status: 200,
      send: (api, v) => api.post(`/api/sessions/${v.sessionId}/cancel`).set(auth(v.admin)).send({ reason: 'Feriado' }),
    },
    {
      route: 'POST /api/reviews/create',
      name: 'the member rates a lesson',
      status: 201,
      send: (api, v) =>
        api
          .post('/api/reviews/create')
          .set(auth(v.member))
          .send({ stars: 4, description: 'Muy buena', lessonId: v.spinningId }),
    },
    {
      route: 'POST /api/reviews/create',
      name: 'a user without membership tries to rate',
      status: 403,
      send: (api, v) =>
        api
          .post('/api/reviews/create')
          .set(auth(v.fresh))
          .send({ stars: 4, description: 'Muy buena', lessonId: v.spinningId }),
    },

    {
      route: 'GET /api/users/export',
      name: 'the member downloads their data again, with a review of theirs',
      status: 200,
      send: (api, v) => api.get('/api/users/export').set(auth(v.member)),
    },

    // The calendar.
    ...(['member', 'fresh', 'trainer', 'admin'] as const).map((who): Case => ({
      route: 'GET /api/events',
      name: `the ${who}'s calendar`,
      status: 200,
      send: (api, v) => api.get('/api/events?start=2026-11-23T00:00:00Z&end=2026-12-07T00:00:00Z').set(auth(v[who])),
    })),
    {
      route: 'POST /api/events',
      name: 'the admin adds an event',
      status: 201,
      send: (api, v) =>
        api
          .post('/api/events')
          .set(auth(v.admin))
          .send({ title: 'Clase masiva', start: '2026-11-24T18:00:00Z', end: '2026-11-24T20:00:00Z' }),
      save: (body, v) => {
        v.eventId = (body.event as { id: string }).id;
      },
    },
    {
      route: 'DELETE /api/events/:id',
      name: 'the admin deletes it',
      status: 200,
      send: (api, v) => api.delete(`/api/events/${v.eventId}`).set(auth(v.admin)),
    },

    // Contact.
    {
      route: 'POST /api/contact',
      name: 'a visitor writes',
      status: 201,
      send: (api) =>
        api.post('/api/contact').send({
          user_name: 'Ana Pérez',
          subject: 'Horarios',
          user_email: 'ana@example.com',
          company: 'Empresa SA',
          message: '¿Abren los domingos?',
        }),
    },
    {
      route: 'GET /api/contact',
      name: 'the admin reads messages',
      status: 200,
      send: (api, v) => api.get('/api/contact').set(auth(v.admin)),
    },

    // Payments.
    {
      route: 'POST /api/payments/create_checkout',
      name: 'a fresh user starts a checkout',
      status: 201,
      send: (api, v) =>
        api.post('/api/payments/create_checkout').set(auth(v.fresh)).send({ id: v.freshId, planId: v.standarId }),
      save: (body, v) => {
        v.sessionId = String(body.redirect_url).split('/').at(-1) ?? '';
      },
    },
    {
      route: 'GET /api/payments/session/:sessionId',
      name: 'the checkout page reads its session',
      status: 200,
      send: (api, v) => api.get(`/api/payments/session/${v.sessionId}`).set(auth(v.fresh)),
    },
    {
      route: 'POST /api/payments/demo/:sessionId/confirm',
      name: 'the fresh user pays',
      status: 200,
      send: (api, v) => api.post(`/api/payments/demo/${v.sessionId}/confirm`).set(auth(v.fresh)),
    },
    {
      route: 'POST /api/payments/create_checkout',
      name: 'the member starts a checkout',
      status: 201,
      send: (api, v) =>
        api.post('/api/payments/create_checkout').set(auth(v.member)).send({ id: v.memberId, planId: v.standarId }),
      save: (body, v) => {
        v.cancelSessionId = String(body.redirect_url).split('/').at(-1) ?? '';
      },
    },
    {
      route: 'POST /api/payments/demo/:sessionId/cancel',
      name: 'the member cancels it',
      status: 200,
      send: (api, v) => api.post(`/api/payments/demo/${v.cancelSessionId}/cancel`).set(auth(v.member)),
    },
    {
      route: 'GET /api/payments/mine',
      name: "the fresh user's payments",
      status: 200,
      send: (api, v) => api.get('/api/payments/mine').set(auth(v.fresh)),
      save: (body, v) => {
        v.paymentId = String((body as unknown as { id: string }[])[0]?.id ?? '');
      },
    },
    {
      route: 'GET /api/payments/:id/receipt',
      name: "the fresh user downloads their payment's receipt",
      status: 200,
      send: (api, v) => api.get(`/api/payments/${v.paymentId}/receipt`).set(auth(v.fresh)),
    },
    {
      route: 'GET /api/subscriptions/mine',
      name: "the fresh user's renewing plan (Standar renews)",
      status: 200,
      send: (api, v) => api.get('/api/subscriptions/mine').set(auth(v.fresh)),
    },
    {
      route: 'PUT /api/subscriptions/mine/card',
      name: 'the fresh user makes the demo card fail',
      status: 200,
      send: (api, v) => api.put('/api/subscriptions/mine/card').set(auth(v.fresh)).send({ failing: true }),
    },
    {
      route: 'POST /api/subscriptions/mine/portal',
      name: "the fresh user asks for Stripe's portal (a demo renewal: refused)",
      status: 409,
      send: (api, v) => api.post('/api/subscriptions/mine/portal').set(auth(v.fresh)),
    },
    {
      route: 'POST /api/subscriptions/mine/cancel',
      name: 'the fresh user stops the renewal',
      status: 200,
      send: (api, v) => api.post('/api/subscriptions/mine/cancel').set(auth(v.fresh)),
    },
    {
      route: 'POST /api/subscriptions/mine/resume',
      name: 'the fresh user restarts it',
      status: 200,
      send: (api, v) => api.post('/api/subscriptions/mine/resume').set(auth(v.fresh)),
    },
    {
      route: 'POST /api/users/pause/:id',
      name: 'the fresh user pauses their membership for 14 days (its renewal moves too)',
      status: 200,
      send: (api, v) =>
        api
          .post(`/api/users/pause/${v.freshId}`)
          .set(auth(v.fresh))
          .send({ from: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), days: 14 }),
    },
    {
      route: 'GET /api/subscriptions',
      name: 'the admin lists renewing plans',
      status: 200,
      send: (api, v) => api.get('/api/subscriptions').set(auth(v.admin)),
    },
    {
      route: 'GET /api/payments/mine',
      name: "the member's payments",
      status: 200,
      send: (api, v) => api.get('/api/payments/mine').set(auth(v.member)),
    },
    {
      route: 'GET /api/payments',
      name: 'the admin lists payments',
      status: 200,
      send: (api, v) => api.get('/api/payments').set(auth(v.admin)),
    },
    {
      route: 'POST /api/payments/manual',
      name: 'the front desk records a payment',
      status: 201,
      send: (api, v) =>
        api.post('/api/payments/manual').set(auth(v.admin)).send({ userId: v.userId, planId: v.standarId }),
      save: (body, v) => {
        v.deskPaymentId = String((body as unknown as { payment: { id: string } }).payment.id);
      },
    },
    {
      route: 'POST /api/users/bulk',
      name: 'the admin grants a plan paid at the desk to a selection',
      status: 200,
      send: (api, v) =>
        api
          .post('/api/users/bulk')
          .set(auth(v.admin))
          .send({ action: 'grant', ids: [v.userId], planId: v.standarId, requestId: 'shapes-bulk-0001' }),
    },
    {
      route: 'GET /api/payments',
      name: 'the admin filters payments by method, state and sede',
      status: 200,
      send: (api, v) => api.get(`/api/payments?method=manual&status=paid&branch=${v.branchId}`).set(auth(v.admin)),
    },
    {
      route: 'GET /api/payments/csv',
      name: 'the admin exports payments as CSV',
      status: 200,
      send: (api, v) => api.get('/api/payments/csv?method=manual').set(auth(v.admin)),
    },
    {
      route: 'POST /api/payments/:id/refund',
      name: 'the admin refunds the desk payment',
      status: 200,
      send: (api, v) => api.post(`/api/payments/${v.deskPaymentId}/refund`).set(auth(v.admin)).send({}),
    },

    // Admin lists and reports.
    {
      route: 'GET /api/users',
      name: 'the admin lists users',
      status: 200,
      send: (api, v) => api.get('/api/users').set(auth(v.admin)),
    },
    {
      route: 'GET /api/users',
      name: 'the admin searches members of a state, sorted by name',
      status: 200,
      send: (api, v) => api.get('/api/users?q=socio&status=Activo&sort=name').set(auth(v.admin)),
    },
    {
      route: 'GET /api/users/csv',
      name: 'the admin exports the filtered list as CSV',
      status: 200,
      send: (api, v) => api.get('/api/users/csv?role=member').set(auth(v.admin)),
    },
    {
      route: 'GET /api/users/deleted',
      name: 'the admin lists suspended users',
      status: 200,
      send: (api, v) => api.get('/api/users/deleted').set(auth(v.admin)),
    },
    {
      route: 'GET /api/users/monitor',
      name: 'the admin lists trainers',
      status: 200,
      send: (api, v) => api.get('/api/users/monitor').set(auth(v.admin)),
    },
    {
      route: 'POST /api/announcements/preview',
      name: "the admin previews an announcement to a sede's members",
      status: 200,
      send: (api, v) =>
        api
          .post('/api/announcements/preview')
          .set(auth(v.admin))
          .send({ subject: 'Aviso', body: 'Texto', audience: 'branch', branchId: v.branchId }),
    },
    {
      route: 'POST /api/announcements',
      name: 'the admin sends an announcement to everyone',
      status: 201,
      send: (api, v) =>
        api
          .post('/api/announcements')
          .set(auth(v.admin))
          .send({ subject: 'Aviso', body: 'Texto', audience: 'all', requestId: 'shapes-ann-0001' }),
    },
    {
      route: 'GET /api/announcements',
      name: 'the admin lists the announcements',
      status: 200,
      send: (api, v) => api.get('/api/announcements').set(auth(v.admin)),
    },
    {
      route: 'GET /api/audit',
      name: 'the admin browses the audit trail by person and dates',
      status: 200,
      send: (api, v) => api.get('/api/audit?entity=user&from=2026-01-01').set(auth(v.admin)),
    },
    {
      route: 'GET /api/audit/:entity/:id',
      name: "the admin reads a member's history",
      status: 200,
      send: (api, v) => api.get(`/api/audit/user/${v.memberId}`).set(auth(v.admin)),
    },
    {
      route: 'GET /api/stats',
      name: 'the dashboard',
      status: 200,
      send: (api, v) => api.get('/api/stats').set(auth(v.admin)),
    },
    {
      route: 'GET /api/stats/overview',
      name: "the overview's charts for a year",
      status: 200,
      send: (api, v) => api.get('/api/stats/overview?from=2026-01-01&to=2026-12-31').set(auth(v.admin)),
    },
    {
      route: 'GET /api/metrics',
      name: 'metrics for the admin',
      status: 200,
      send: (api, v) => api.get('/api/metrics').set(auth(v.admin)),
    },
    {
      route: 'GET /api/memberships/all',
      name: 'the admin lists every plan',
      status: 200,
      send: (api, v) => api.get('/api/memberships/all').set(auth(v.admin)),
    },
    {
      route: 'GET /api/lessons/retired',
      name: 'the admin lists retired lessons',
      status: 200,
      send: (api, v) => api.get('/api/lessons/retired').set(auth(v.admin)),
    },

    // Admin writes.
    {
      route: 'POST /api/memberships/create',
      name: 'the admin creates a plan',
      status: 201,
      send: (api, v) => api.post('/api/memberships/create').set(auth(v.admin)).send(planForm),
      save: (body, v) => {
        v.planId = (body.plan as { id: string }).id;
      },
    },
    {
      route: 'PUT /api/memberships/update/:id',
      name: 'the admin edits it',
      status: 200,
      send: (api, v) =>
        api
          .put(`/api/memberships/update/${v.planId}`)
          .set(auth(v.admin))
          .send({ ...planForm, price: '899' }),
    },
    {
      route: 'DELETE /api/memberships/delete/:id',
      name: 'the admin retires it',
      status: 200,
      send: (api, v) => api.delete(`/api/memberships/delete/${v.planId}`).set(auth(v.admin)),
    },
    {
      route: 'PUT /api/memberships/restore/:id',
      name: 'the admin restores it',
      status: 200,
      send: (api, v) => api.put(`/api/memberships/restore/${v.planId}`).set(auth(v.admin)),
    },
    {
      route: 'POST /api/branchoffice/create',
      name: 'the admin creates a sede',
      status: 201,
      send: (api, v) =>
        api
          .post('/api/branchoffice/create')
          .set(auth(v.admin))
          .field('officeAttributes', branchForm())
          .attach('image', PNG, 'sede.png'),
      save: (body, v) => {
        v.newBranchId = (body.branchoffice as { id: string }).id;
      },
    },
    {
      route: 'PUT /api/branchoffice/update/:id',
      name: 'the admin edits it',
      status: 200,
      send: (api, v) =>
        api
          .put(`/api/branchoffice/update/${v.newBranchId}`)
          .set(auth(v.admin))
          .field('officeAttributes', branchForm({ location: 'Calzada Oriente 12' })),
    },
    {
      route: 'DELETE /api/branchoffice/delete/:id',
      name: 'the admin deletes it',
      status: 200,
      send: (api, v) => api.delete(`/api/branchoffice/delete/${v.newBranchId}`).set(auth(v.admin)),
    },
    {
      route: 'POST /api/lessons/create',
      name: 'the admin creates a lesson',
      status: 201,
      send: (api, v) =>
        api
          .post('/api/lessons/create')
          .set(auth(v.admin))
          .field('lessonAttributes', lessonForm(v))
          .attach('image', PNG, 'clase.png'),
      save: (body, v) => {
        v.newLessonId = (body.lesson as { id: string }).id;
      },
    },
    {
      route: 'PUT /api/lessons/update/:id',
      name: 'the admin edits it',
      status: 200,
      send: (api, v) =>
        api
          .put(`/api/lessons/update/${v.newLessonId}`)
          .set(auth(v.admin))
          .field('lessonAttributes', lessonForm(v, { shortDescription: 'Movilidad y calma' })),
    },
    {
      route: 'DELETE /api/lessons/delete/:id',
      name: 'the admin retires it',
      status: 200,
      send: (api, v) => api.delete(`/api/lessons/delete/${v.newLessonId}`).set(auth(v.admin)),
    },
    {
      route: 'PUT /api/lessons/restore/:id',
      name: 'the admin restores it',
      status: 200,
      send: (api, v) => api.put(`/api/lessons/restore/${v.newLessonId}`).set(auth(v.admin)),
    },
    {
      route: 'POST /api/users/create',
      name: 'the admin creates a trainer',
      status: 201,
      send: (api, v) =>
        api.post('/api/users/create').set(auth(v.admin)).send({
          fullName: 'Carla Profe',
          email: 'carla.profe@example.com',
          phone: '5511112222',
          password: 'Carla1234',
          isMonitor: 'Si',
          isAdmin: 'No',
        }),
    },
    {
      route: 'POST /api/users/create',
      name: 'the admin creates another admin',
      status: 201,
      send: (api, v) =>
        api.post('/api/users/create').set(auth(v.admin)).send({
          fullName: 'Otra Admin',
          email: 'otra.admin@example.com',
          phone: '5511113333',
          password: 'Admin5678',
          isMonitor: 'No',
          isAdmin: 'Si',
        }),
      save: (body, v) => {
        v.secondAdminId = (body.user as { id: string }).id;
      },
    },
    {
      route: 'PUT /api/users/update/:id',
      name: 'the admin takes the role from the other admin (the last-admin rule)',
      status: 200,
      send: (api, v) =>
        api.put(`/api/users/update/${v.secondAdminId}`).set(auth(v.admin)).send({
          fullName: 'Otra Admin',
          email: 'otra.admin@example.com',
          phone: '5511113333',
          isMonitor: false,
          isAdmin: false,
        }),
    },
    {
      route: 'PUT /api/users/update/:id',
      name: 'the admin gives it back',
      status: 200,
      send: (api, v) =>
        api.put(`/api/users/update/${v.secondAdminId}`).set(auth(v.admin)).send({
          fullName: 'Otra Admin',
          email: 'otra.admin@example.com',
          phone: '5511113333',
          isMonitor: false,
          isAdmin: true,
        }),
    },
    {
      route: 'DELETE /api/users/delete/:id',
      name: 'the admin suspends the other admin (the last-admin rule)',
      status: 200,
      send: (api, v) => api.delete(`/api/users/delete/${v.secondAdminId}`).set(auth(v.admin)),
    },
    {
      route: 'DELETE /api/users/delete/:id',
      name: 'the admin tries to suspend a trainer who teaches',
      status: 409,
      send: (api, v) => api.delete(`/api/users/delete/${v.trainerId}`).set(auth(v.admin)),
    },
    {
      route: 'DELETE /api/users/delete/:id',
      name: 'the Google user deletes their own profile',
      status: 200,
      send: (api, v) => api.delete(`/api/users/delete/${v.googleId}`).set(auth(v.google)),
    },
    {
      route: 'PUT /api/users/restore/:id',
      name: 'the admin restores them',
      status: 200,
      send: (api, v) => api.put(`/api/users/restore/${v.googleId}`).set(auth(v.admin)),
    },
    {
      route: 'DELETE /api/users/delete/:id',
      name: 'the admin suspends the user',
      status: 200,
      send: (api, v) => api.delete(`/api/users/delete/${v.userId}`).set(auth(v.admin)),
    },

    // Forgotten password, last: the reset ends the fresh user's sessions.
    {
      route: 'POST /api/users/forgot',
      name: 'an unknown e-mail asks for a link',
      status: 200,
      send: (api) => api.post('/api/users/forgot').send({ email: 'nadie@example.com' }),
    },
    {
      route: 'POST /api/users/forgot',
      name: 'the fresh user asks for a link',
      status: 200,
      send: (api) => api.post('/api/users/forgot').send({ email: 'nueva.persona@example.com' }),
      save: async (_body, v) => {
        v.resetToken = await mailbox();
      },
    },
    {
      route: 'POST /api/users/reset',
      name: 'the fresh user sets a new password',
      status: 200,
      send: (api, v) => api.post('/api/users/reset').send({ token: v.resetToken, password: 'Otra12345' }),
    },
    {
      route: 'POST /api/users/login',
      name: 'the fresh user signs in with the new password',
      status: 200,
      send: (api) => api.post('/api/users/login').send({ email: 'nueva.persona@example.com', password: 'Otra12345' }),
      save: (body, v) => {
        v.freshAgain = (body.login as { token: string }).token;
      },
    },
    {
      route: 'POST /api/users/erase',
      name: 'the fresh user erases their account (a payment, a receipt, a booking)',
      status: 200,
      send: (api, v) => api.post('/api/users/erase').set(auth(v.freshAgain)).send({ password: 'Otra12345' }),
    },
  ];
}

/** A query a request sent: the collection, the filter, and how to ask the engine to explain it. */
interface Query {
  route: string;
  caseName: string;
  /** Sent for a request signed in as an administrator (only those may use ALLOWED_SCANS). */
  byAdmin: boolean;
  command: string;
  collection: string;
  filter: Record<string, unknown>;
  /** The explain command; undefined when the command reads every document whatever its filter. */
  explain?: Record<string, unknown>;
}

type Doc = Record<string, unknown>;

/** The queries one command sends (none for inserts and the driver's own commands). */
function queriesOf(name: string, command: Doc): Omit<Query, 'route' | 'caseName' | 'byAdmin'>[] {
  const collection = command[name];
  if (typeof collection !== 'string') return [];
  const asFind = (filter: Doc | undefined) => {
    const f = filter ?? {};
    return { command: name, collection, filter: f, explain: { find: collection, filter: f } };
  };
  switch (name) {
    case 'find':
      return [asFind(command.filter as Doc)];
    case 'distinct':
    case 'findAndModify':
      return [asFind(command.query as Doc)];
    case 'update':
      return ((command.updates as { q: Doc }[]) ?? []).map((u) => asFind(u.q));
    case 'delete':
      return ((command.deletes as { q: Doc }[]) ?? []).map((d) => asFind(d.q));
    case 'count': {
      const query = (command.query as Doc) ?? {};
      // A count reads every matching document on FerretDB; explained as itself.
      return [{ command: name, collection, filter: query, explain: { count: collection, query } }];
    }
    case 'aggregate': {
      const [first] = (command.pipeline as Doc[]) ?? [];
      const match = first && typeof first.$match === 'object' ? (first.$match as Doc) : undefined;
      if (!match) return [{ command: name, collection, filter: {} }];
      return [
        { command: name, collection, filter: match, explain: { aggregate: collection, pipeline: [first], cursor: {} } },
      ];
    }
    default:
      return [];
  }
}

/** What the engine says of one query: undefined when it is served by an index. */
type Verdict = string | undefined;

async function judge(db: mongoose.mongo.Db, query: Query): Promise<Verdict> {
  if (!query.explain || Object.keys(query.filter).length === 0) return 'reads every document (no filter)';
  const plan = (await db.command({ explain: query.explain, verbosity: 'queryPlanner' })) as Doc;
  if ('filterPushdown' in plan) {
    // FerretDB: pushed down, then answered from SQLite's _id index (the patched build).
    if (plan.filterPushdown !== true) return 'filter not pushed down (FerretDB reads and decodes every document)';
    const steps = ((plan.queryPlanner as { Plan?: string[] }).Plan ?? []).join(' ');
    if (!/USING (COVERING )?INDEX/.test(steps))
      return `pushed down but scanned (${steps}): engine without the _id index?`;
    return undefined;
  }
  // MongoDB: any collection scan in the winning plan.
  return JSON.stringify(plan).includes('"COLLSCAN"') ? 'COLLSCAN' : undefined;
}

function database(): mongoose.mongo.Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('mongoose is not connected');
  return db;
}

/** FerretDB answers explain with its pushdown flags; MongoDB does not. */
async function isFerretDb(db: mongoose.mongo.Db): Promise<boolean> {
  const plan = await db.command({ explain: { find: 'users', filter: { _id: 0 } }, verbosity: 'queryPlanner' });
  return 'filterPushdown' in plan;
}

const toRouteKey = (mounted: string) => {
  const [method, p] = mounted.split(' ');
  return `${method} /api${(p ?? '').replace(/\{(\w+)\}/g, ':$1')}`;
};

describe('query shapes: request paths read growing collections only by index', () => {
  useTestDatabase();
  const mail = startSmtp();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-query-shapes-'));
  let app: ReturnType<typeof createTestApp>;
  const sent: Query[] = [];
  const statuses: { route: string; name: string; expected: number; got: number; body: unknown }[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => googleCerts.listen(0, '127.0.0.1', resolve));
    const { port } = googleCerts.address() as AddressInfo;
    app = createTestApp({
      DATA_DIR: dataDir,
      READ_CACHE: 'false',
      SMTP_URL: await mail.listen(),
      PUBLIC_URL: 'https://gym.example',
      GOOGLE_CLIENT_ID,
      GOOGLE_CERTS_URL: `http://127.0.0.1:${port}/certs`,
    });
    await seedIfEmpty(
      { info: () => undefined },
      { passwords: app.ctx.passwords, storage: app.ctx.storage, config: app.config },
    );
    // A sede with no classes: checking the member in there is refused whatever the time of day (at
    // the demo sedes the member's standing classes open for check-in at some hours of the day).
    const emptyBranch = await BranchModel.create(branchFields('Sede Sin Clases', 'Calle 9'));
    // As every start-up does after seeding (startup.ts): the read models are built from the data.
    await ensureReadModels();
    const db = database();
    // Explaining a query on a collection that does not exist yet says nothing: make them all.
    const existing = new Set((await db.listCollections().toArray()).map((c) => c.name));
    for (const name of GROWING_COLLECTIONS) if (!existing.has(name)) await db.createCollection(name);

    const v: Vars = {};
    v.emptyBranchId = String(emptyBranch._id);
    v.memberId = await userId('socio@pulso.demo');
    v.userId = await userId('usuario@pulso.demo');
    v.trainerId = await userId('carlos@pulso.demo');
    v.trainerName = 'Carlos Ruiz';
    v.spinningId = String((await LessonModel.findOne({ name: 'Spinning' }).lean())?._id);
    const held = new Set(((await UserModel.findById(v.memberId).lean())?.lessons ?? []).map(String));
    const free = (await LessonModel.find({ isAvailable: true, deletedAt: null }).lean()).find(
      (l) => !held.has(String(l._id)),
    );
    v.freeLessonId = String(free?._id);
    const [upcoming] = await upcomingSessions(v.spinningId, app.config.bookings, null);
    v.sessionId = upcoming?.id ?? '';
    expect(v.sessionId).not.toBe('');
    expect(await PlanModel.countDocuments()).toBeGreaterThan(0);

    const mailbox = async () => {
      await until(() => mail.received.some((m) => m.raw.includes('restablecer')));
      const raw = mail.received.find((m) => m.raw.includes('restablecer'))?.raw.replace(/=\r\n/g, '') ?? '';
      return /restablecer\?token=(?:3D)?([\w-]+)/.exec(raw)?.[1] ?? '';
    };

    let current: { route: string; name: string } | undefined;
    const client = mongoose.connection.getClient();
    const listener = (event: { commandName: string; command: Doc }) => {
      if (!current) return;
      for (const q of queriesOf(event.commandName, event.command)) {
        sent.push({ ...q, route: current.route, caseName: current.name, byAdmin: false });
      }
    };
    client.on('commandStarted', listener);
    try {
      for (const c of cases(mailbox)) {
        current = { route: c.route, name: c.name };
        const first = sent.length;
        const res = await c.send(request(app.app), v);
        // Work a request leaves behind (an e-mail sent after the answer) is still its own.
        await new Promise((r) => setTimeout(r, 30));
        current = undefined;
        const byAdmin = res.request.get('Authorization') === `Bearer ${v.admin}`;
        for (const q of sent.slice(first)) q.byAdmin = byAdmin;
        statuses.push({ route: c.route, name: c.name, expected: c.status, got: res.status, body: res.body });
        if (res.status === c.status) await c.save?.(res.body as Doc, v);
      }
    } finally {
      client.off('commandStarted', listener);
    }
  }, 120_000);

  afterAll(async () => {
    await mail.close();
    await new Promise<void>((resolve) => googleCerts.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every route under /api has a case, or is listed as not exercised with why', () => {
    const mounted = mountedApiRoutes(app.expressApp).map(toRouteKey);
    const covered = new Set(cases(async () => '').map((c) => c.route));
    expect(mounted.filter((r) => !covered.has(r) && !NOT_EXERCISED[r])).toEqual([]);
    // And no case or exception names a route that does not exist.
    const known = new Set(mounted);
    expect(
      [...covered, ...Object.keys(NOT_EXERCISED), ...ALLOWED_SCANS.map((a) => a.route)].filter((r) => !known.has(r)),
    ).toEqual([]);
  });

  test('every case got the answer it means (so its queries are the real path)', () => {
    expect(statuses.filter((s) => s.got !== s.expected)).toEqual([]);
  });

  test('the growing collections are the ones the app uses (besides those of issue 22)', () => {
    const used = new Set([
      ...mongoose.modelNames().map((n) => mongoose.model(n).collection.collectionName),
      ...sent.map((q) => q.collection),
    ]);
    expect(GROWING_COLLECTIONS.filter((c) => !used.has(c) && c !== 'bookings' && c !== 'sessions')).toEqual([]);
  });

  test('no request reads a growing collection by a filter the engine cannot serve from an index', async () => {
    const db = database();
    const growing = new Set(GROWING_COLLECTIONS);
    const verdicts = new Map<string, Verdict>();
    // An offending query is excused only by an ALLOWED_SCANS entry when an
    // administrator sent it (a route shared with members, such as a suspension, is still checked
    // for them) and, if the entry names its filters' keys, its filter has those keys.
    const usedAllowed = new Set<AllowedScan>();
    const excused = (query: Query) => {
      const keys = Object.keys(query.filter).sort().join(',');
      const entry = ALLOWED_SCANS.find(
        (a) =>
          a.route === query.route &&
          a.collections.includes(query.collection) &&
          (!a.filterKeys || a.filterKeys.some((k) => [...k].sort().join(',') === keys)),
      );
      return entry && query.byAdmin ? usedAllowed.add(entry) : false;
    };
    const failures = new Map<string, { route: string; collection: string; lines: Set<string> }>();
    for (const query of sent) {
      if (!growing.has(query.collection)) continue;
      const shape = JSON.stringify([
        query.collection,
        query.explain ?? query.command,
        mongoose.mongo.BSON.EJSON.serialize(query.filter),
      ]);
      if (!verdicts.has(shape)) verdicts.set(shape, await judge(db, query));
      const verdict = verdicts.get(shape);
      if (!verdict || excused(query)) continue;
      const key = `${query.route} ${query.collection}`;
      const entry = failures.get(key) ?? { route: query.route, collection: query.collection, lines: new Set<string>() };
      const filter = mongoose.mongo.BSON.EJSON.stringify(query.filter, { relaxed: true });
      const who = query.byAdmin ? query.caseName : `${query.caseName}, not an admin`;
      entry.lines.add(
        `${query.command} ${filter.length > 240 ? `${filter.slice(0, 240)}…` : filter}: ${verdict} [${who}]`,
      );
      failures.set(key, entry);
    }

    // Exceptions that no longer happen are removed, so the lists stay true. The lists are kept
    // for the embedded engine: on MongoDB, indexes serve more shapes than FerretDB pushes down.
    const stale = !(await isFerretDb(db))
      ? []
      : [...ALLOWED_SCANS.filter((a) => !usedAllowed.has(a)).map((a) => `${a.route} -> ${a.collections.join(', ')}`)];
    if (failures.size === 0 && stale.length === 0) return;
    const sections = [
      failures.size > 0 &&
        `Requests reading a growing collection without an index (fix the path, or list it in ALLOWED_SCANS with why):\n${[
          ...failures.values(),
        ]
          .map((o) => `  ${o.route} -> ${o.collection}\n${[...o.lines].map((l) => `      ${l}`).join('\n')}`)
          .join('\n')}`,
      stale.length > 0 &&
        `Exceptions that no longer happen (remove them):\n${stale.map((line) => `  ${line}`).join('\n')}`,
    ];
    throw new Error(sections.filter(Boolean).join('\n\n'));
  });
});

describe('the engine serves a point read by _id from an index', () => {
  useTestDatabase();

  /** A collection of 20 documents (`n` 0 to 19), and their ids. */
  async function probe(name: string) {
    const coll = database().collection(name);
    const ids = await coll
      .insertMany(Array.from({ length: 20 }, (_, i) => ({ n: i })))
      .then((r) => Object.values(r.insertedIds) as mongoose.Types.ObjectId[]);
    return { coll, ids };
  }

  /** The engine's plan for `filter` uses the index (FerretDB) or is not a collection scan (MongoDB). */
  async function expectIndexedPlan(collection: string, filter: Doc) {
    const plan = (await database().command({
      explain: { find: collection, filter },
      verbosity: 'queryPlanner',
    })) as Doc;
    if ('filterPushdown' in plan) {
      expect(plan.filterPushdown).toBe(true);
      expect(((plan.queryPlanner as { Plan: string[] }).Plan ?? []).join(' ')).toMatch(
        /SEARCH \S+ USING (COVERING )?INDEX/,
      );
    } else {
      expect(JSON.stringify(plan)).not.toContain('"COLLSCAN"');
    }
  }

  test('when a document is read by _id, then the plan uses the index (FerretDB) or is not a collection scan (MongoDB)', async () => {
    const { coll, ids } = await probe('query_shape_probe');
    await expectIndexedPlan(coll.collectionName, { _id: ids[7] });
  });

  test('when documents are read by a list of _ids ($in), then the plan uses the index and the read finds exactly them', async () => {
    const { coll, ids } = await probe('query_shape_probe_in');
    const filter = {
      _id: { $in: [ids[3], ids[11], ids[17], new mongoose.Types.ObjectId()] as mongoose.Types.ObjectId[] },
    };
    await expectIndexedPlan(coll.collectionName, filter);
    const found = await coll.find(filter).toArray();
    expect(found.map((d) => d.n).sort((a, b) => a - b)).toEqual([3, 11, 17]);
    // A list with a value of another kind is read the long way, with the same answer.
    const mixed = await coll.find({ _id: { $in: [ids[5], 42] as never[] } }).toArray();
    expect(mixed.map((d) => d.n)).toEqual([5]);
  });
});

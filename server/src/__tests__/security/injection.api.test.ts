import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { PNG } from '../../test/images';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { PlanModel } from '../../modules/plans/plans.model';
import { UserModel } from '../../modules/users/users.model';
import { expectRefused, unchanged } from './support';

/**
 * OWASP API8:2023 Security Misconfiguration / injection, API4 Unrestricted Resource Consumption
 * (oversized input), API3 (unexpected properties). Guards: the typed field lists of every route
 * (src/lib/validate.ts: an operator object is never a string, unlisted fields never reach a
 * controller), mongoose's sanitizeFilter and strictQuery (src/lib/db.ts), path ids checked as 24 hex
 * digits (src/lib/object-id.ts), the JSON body limit (src/app.ts), e-mails compared in one canonical
 * form (normalizeEmail in modules/users/users.service.ts).
 * Login with operator objects and page/limit operators are in modules/users/__tests__/users.api.test.ts.
 */
describe('security: injection', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let member: TestUser;
  let planId: string;
  let lessonId: string;

  beforeAll(async () => {
    [admin, member] = await Promise.all([
      createTestUser(config, { isAdmin: true }),
      createTestUser(config, {
        membership: {
          planId: new Types.ObjectId(),
          name: 'Plus',
          start: new Date(Date.now() - 86_400_000),
          end: new Date(Date.now() + 30 * 86_400_000),
        },
      }),
    ]);
    planId = (await PlanModel.create({ name: 'Plus', duration: 1, benefits: 'Todo', price: 30 }))._id.toString();
    lessonId = (
      await LessonModel.create({
        name: 'Yoga',
        shortDescription: 'Calma',
        description: 'Yoga suave',
        effort: 2,
        scheduleHourStart: '7:00',
        scheduleHourFinish: '8:00',
        monitor: new Types.ObjectId(),
        office: new Types.ObjectId(),
      })
    )._id.toString();
  });

  type FieldType = 'string' | 'numberOrString' | 'booleanOrString' | 'stringArray' | 'stringOrStringArray';
  interface Endpoint {
    name: string;
    send: (body: Record<string, unknown>) => request.Test;
    fields: Record<string, FieldType>;
  }

  const json = (method: 'post' | 'put', url: string, who?: () => TestUser) => (body: Record<string, unknown>) => {
    const test = request(app)[method](url);
    if (who) test.set(bearer(who()));
    return test.set('Content-Type', 'application/json').send(JSON.stringify(body));
  };
  const multipart = (method: 'post' | 'put', url: () => string, field: string) => (body: Record<string, unknown>) =>
    request(app)[method](url()).set(bearer(admin)).field(field, JSON.stringify(body)).attach('image', PNG, 'a.png');

  const USER = {
    fullName: 'string',
    email: 'string',
    password: 'string',
    phone: 'string',
    isMonitor: 'booleanOrString',
    isAdmin: 'booleanOrString',
    homeBranch: 'string',
  } as const;
  const LESSON = {
    name: 'string',
    shortDescription: 'string',
    description: 'string',
    effort: 'numberOrString',
    types: 'stringArray',
    goals: 'stringArray',
    scheduleDays: 'stringArray',
    scheduleHourStart: 'string',
    scheduleHourFinish: 'string',
    isAvailable: 'booleanOrString',
    monitor: 'string',
    branchoffice: 'stringOrStringArray',
  } as const;
  const BRANCH = {
    name: 'string',
    location: 'string',
    scheduleDays: 'stringArray',
    scheduleHourStart: 'string',
    scheduleHourFinish: 'string',
  } as const;
  const PLAN = {
    name: 'string',
    benefits: 'string',
    duration: 'numberOrString',
    price: 'numberOrString',
    renewing: 'booleanOrString',
  } as const;

  const endpoints: Endpoint[] = [
    {
      name: 'POST /users/login',
      send: json('post', '/api/users/login'),
      fields: { email: 'string', password: 'string' },
    },
    { name: 'POST /users/create', send: json('post', '/api/users/create'), fields: USER },
    { name: 'POST /users/create (admin)', send: json('post', '/api/users/create', () => admin), fields: USER },
    { name: 'POST /users/google', send: json('post', '/api/users/google'), fields: { credential: 'string' } },
    { name: 'POST /users/forgot', send: json('post', '/api/users/forgot'), fields: { email: 'string' } },
    {
      name: 'POST /users/reset',
      send: json('post', '/api/users/reset'),
      fields: { token: 'string', password: 'string' },
    },
    {
      name: 'PUT /users/update/{self}',
      send: (b) => json('put', `/api/users/update/${member.id}`, () => member)(b),
      fields: USER,
    },
    {
      name: 'PUT /users/update/{id} (admin)',
      send: (b) => json('put', `/api/users/update/${member.id}`, () => admin)(b),
      fields: USER,
    },
    {
      name: 'PUT /users/addlesson/{lessonId}',
      send: (b) => json('put', `/api/users/addlesson/${lessonId}`, () => member)(b),
      fields: { idUser: 'string' },
    },
    {
      name: 'PUT /subscriptions/mine/card',
      send: json('put', '/api/subscriptions/mine/card', () => member),
      fields: { failing: 'booleanOrString' },
    },
    {
      name: 'POST /users/pause/{id}',
      send: (b) => json('post', `/api/users/pause/${member.id}`, () => member)(b),
      fields: { from: 'string', days: 'numberOrString' },
    },
    {
      name: 'POST /users/erase',
      send: json('post', '/api/users/erase', () => member),
      fields: { password: 'string', email: 'string' },
    },
    {
      name: 'PUT /users/preferences',
      send: json('put', '/api/users/preferences', () => member),
      fields: { membershipReminders: 'booleanOrString' },
    },
    { name: 'POST /memberships/create', send: json('post', '/api/memberships/create', () => admin), fields: PLAN },
    {
      name: 'PUT /memberships/update/{id}',
      send: (b) => json('put', `/api/memberships/update/${planId}`, () => admin)(b),
      fields: PLAN,
    },
    {
      name: 'POST /reviews/create',
      send: json('post', '/api/reviews/create', () => member),
      fields: { stars: 'numberOrString', description: 'string', userId: 'string', lessonId: 'string' },
    },
    {
      name: 'POST /events',
      send: json('post', '/api/events', () => admin),
      fields: { title: 'string', start: 'string', end: 'string' },
    },
    {
      name: 'POST /payments/create_checkout',
      send: json('post', '/api/payments/create_checkout', () => member),
      fields: { id: 'string', name: 'string', planId: 'string' },
    },
    {
      name: 'POST /payments/manual',
      send: json('post', '/api/payments/manual', () => admin),
      fields: { userId: 'string', planId: 'string' },
    },
    {
      name: 'POST /contact',
      send: json('post', '/api/contact'),
      fields: { user_name: 'string', subject: 'string', user_email: 'string', company: 'string', message: 'string' },
    },
    {
      name: 'POST /lessons/create',
      send: multipart('post', () => '/api/lessons/create', 'lessonAttributes'),
      fields: LESSON,
    },
    {
      name: 'PUT /lessons/update/{id}',
      send: multipart('put', () => `/api/lessons/update/${lessonId}`, 'lessonAttributes'),
      fields: LESSON,
    },
    {
      name: 'POST /branchoffice/create',
      send: multipart('post', () => '/api/branchoffice/create', 'officeAttributes'),
      fields: BRANCH,
    },
    {
      name: 'PUT /branchoffice/update/{id}',
      send: multipart('put', () => `/api/branchoffice/update/${new Types.ObjectId().toString()}`, 'officeAttributes'),
      fields: BRANCH,
    },
  ];

  /** Values no field of that type accepts: operator objects, and the wrong JSON type. */
  const HOSTILE: Record<FieldType, unknown[]> = {
    string: [{ $gt: '' }, { $ne: null }, [{ $regex: '.*' }], { $where: 'sleep(1000)' }, 12345, true],
    numberOrString: [{ $gt: 0 }, [1], true, { $ne: null }],
    booleanOrString: [{ $ne: false }, [true], 1, { $exists: true }],
    stringArray: [[{ $gt: '' }], 'Lunes', { 0: 'Lunes', length: 1 }, [['Lunes']]],
    stringOrStringArray: [{ $ne: '' }, [{ $gt: '' }], 7],
  };

  const cases = endpoints.flatMap((endpoint) =>
    Object.entries(endpoint.fields).flatMap(([field, type]) =>
      HOSTILE[type].map((value) => [endpoint.name, field, JSON.stringify(value), endpoint, value] as const),
    ),
  );

  test.each(cases)(
    'when %s gets %s = %s, then 400 on that field and nothing changes',
    async (_route, field, _shown, endpoint, value) => {
      const res = await unchanged(() => endpoint.send({ [field]: value }));
      expectRefused(res, 400);
      expect(res.body.details).toContainEqual({ field, message: 'El valor enviado no tiene el tipo correcto' });
    },
  );

  describe('query strings', () => {
    const range = () => ({
      start: new Date(Date.now() - 86_400_000).toISOString(),
      end: new Date(Date.now() + 86_400_000).toISOString(),
    });

    test.each([
      ['start[$gt]=&end[$lt]=', 'operators'],
      ['start=a&start=b&end=c', 'repeated keys (an array)'],
      [`start=${'9'.repeat(5000)}&end=1`, 'a huge value'],
      ['start=2026-01-01&end=2026-12-31', 'a range longer than allowed'],
      ['start=%00&end=%00', 'control characters'],
    ])('when the calendar gets %s (%s), then 400 in the failure shape', async (query) => {
      expectRefused(await request(app).get(`/api/events?${query}`).set(bearer(member)), 400);
    });

    test('when list and payment queries carry operators or foreign ids, then they are ignored', async () => {
      const { start, end } = range();
      const events = await request(app)
        .get(`/api/events?start=${start}&end=${end}&userId[$ne]=x&$where=1`)
        .set(bearer(member));
      expect(events.status).toBe(200);
      const lessons = await request(app).get('/api/lessons?isAvailable[$ne]=true&deletedAt[$ne]=null');
      expect(lessons.status).toBe(200);
      expect(lessons.body.every((l: { deletedAt?: unknown }) => !l.deletedAt)).toBe(true);
      const mine = await request(app)
        .get(`/api/payments/mine?user[$ne]=${member.id}&userId=${admin.id}`)
        .set(bearer(member));
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([]);
    });

    test.each([
      encodeURIComponent('{"$ne":null}'),
      encodeURIComponent('{"$regex":".*"}'),
      'x'.repeat(2000),
      '%00',
      encodeURIComponent('Yoga\u0000'),
    ])('when a class is looked up by the name %s, then 404 and no other class leaks', async (name) => {
      const res = await request(app).get(`/api/lessons/${name}`);
      expectRefused(res, 404);
      expect(res.text).not.toContain('Yoga suave');
    });
  });

  describe('path ids', () => {
    const BAD_IDS = [
      'not-an-id',
      '123',
      'z'.repeat(24),
      encodeURIComponent('{"$ne":null}'),
      `${'a'.repeat(24)}0`,
      'a'.repeat(3000),
      '%00',
      encodeURIComponent('5f0000000000000000000000\u0000'),
    ];
    const routes: [string, (id: string) => request.Test][] = [
      ['GET /users/{id}', (id) => request(app).get(`/api/users/${id}`).set(bearer(admin))],
      [
        'PUT /users/update/{id}',
        (id) =>
          json(
            'put',
            `/api/users/update/${id}`,
            () => admin,
          )({
            fullName: 'Ana Lopez',
            email: 'ana.lopez@example.com',
            phone: '5512341234',
            isAdmin: 'No',
            isMonitor: 'No',
          }),
      ],
      ['PUT /users/restore/{id}', (id) => request(app).put(`/api/users/restore/${id}`).set(bearer(admin))],
      [
        'POST /users/pause/{id}',
        (id) => json('post', `/api/users/pause/${id}`, () => admin)({ from: '2030-01-07', days: 10 }),
      ],
      ['DELETE /users/delete/{id}', (id) => request(app).delete(`/api/users/delete/${id}`).set(bearer(admin))],
      [
        'PUT /users/addlesson/{lessonId}',
        (id) => request(app).put(`/api/users/addlesson/${id}`).set(bearer(member)).send({}),
      ],
      ['GET /memberships/{id}', (id) => request(app).get(`/api/memberships/${id}`)],
      [
        'PUT /memberships/update/{id}',
        (id) =>
          json(
            'put',
            `/api/memberships/update/${id}`,
            () => admin,
          )({ name: 'Plan', benefits: 'Todo', duration: '1', price: '10' }),
      ],
      [
        'DELETE /memberships/delete/{id}',
        (id) => request(app).delete(`/api/memberships/delete/${id}`).set(bearer(admin)),
      ],
      ['PUT /memberships/restore/{id}', (id) => request(app).put(`/api/memberships/restore/${id}`).set(bearer(admin))],
      ['GET /branchoffice/{id}', (id) => request(app).get(`/api/branchoffice/${id}`)],
      [
        'DELETE /branchoffice/delete/{id}',
        (id) => request(app).delete(`/api/branchoffice/delete/${id}`).set(bearer(admin)),
      ],
      ['GET /lessons/detail/{id}', (id) => request(app).get(`/api/lessons/detail/${id}`)],
      ['DELETE /lessons/delete/{id}', (id) => request(app).delete(`/api/lessons/delete/${id}`).set(bearer(admin))],
      ['PUT /lessons/restore/{id}', (id) => request(app).put(`/api/lessons/restore/${id}`).set(bearer(admin))],
      ['DELETE /events/{id}', (id) => request(app).delete(`/api/events/${id}`).set(bearer(admin))],
      ['GET /audit/user/{id}', (id) => request(app).get(`/api/audit/user/${id}`).set(bearer(admin))],
      ['POST /payments/{id}/refund', (id) => json('post', `/api/payments/${id}/refund`, () => admin)({})],
    ];
    const idCases = routes.flatMap(([route, call]) => BAD_IDS.map((id) => [route, id.slice(0, 40), call, id] as const));

    test.each(idCases)(
      'when %s gets the id %s, then 400 INVALID_ID (or 404) and nothing changes',
      async (_r, _s, call, id) => {
        const res = await unchanged(() => call(id));
        expectRefused(res, [400, 404]);
        if (res.status === 400) expect(res.body.code).toBe('INVALID_ID');
      },
    );

    test.each([
      ['a review', () => json('post', '/api/reviews/create', () => member)({ stars: 5, lessonId: 'not-an-id' })],
      ['a checkout', () => json('post', '/api/payments/create_checkout', () => member)({ planId: 'zzzz' })],
      [
        'a front-desk payment',
        () => json('post', '/api/payments/manual', () => admin)({ userId: 'x', planId: planId }),
      ],
      [
        'an admin adding a class',
        () => json('put', `/api/users/addlesson/${lessonId}`, () => admin)({ idUser: 'nope' }),
      ],
      [
        'a payment session',
        () =>
          request(app)
            .get(`/api/payments/session/${'x'.repeat(3000)}`)
            .set(bearer(member)),
      ],
    ])('when %s names an id that is not one, then a 4xx and nothing changes', async (_what, attack) => {
      expectRefused(await unchanged(attack));
    });
  });

  describe('size and characters', () => {
    test.each([
      ['a 5001-character name', { fullName: 'A'.repeat(5001) }, 400],
      ['a 20 000-character password', { password: `Aa1${'x'.repeat(20_000)}` }, 400],
      ['a body over the JSON limit', { fullName: 'A'.repeat(200_000) }, 413],
    ])('when a profile update carries %s, then %s... refused and nothing changes', async (_what, body, status) => {
      const res = await unchanged(() => json('put', `/api/users/update/${member.id}`, () => member)(body));
      expectRefused(res, status);
    });

    test('when registration gets a huge e-mail, then 400 and no account', async () => {
      const res = await unchanged(() =>
        json('post', '/api/users/create')({ email: `${'a'.repeat(4990)}@x.co`, password: 'Secreta123' }),
      );
      expectRefused(res, 400);
    });

    test('when a body is nested ten thousand levels deep, then it is refused or ignored without a server error', async () => {
      const deep = `{"message":${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_001)}`;
      const res = await unchanged(() =>
        request(app).post('/api/contact').set('Content-Type', 'application/json').send(deep),
      );
      expectRefused(res);
    });

    const CONTROL = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u202e', '\u2066'];
    test.each(CONTROL.map((c) => [JSON.stringify(c), c]))(
      'when a name carries the control character %s, then 400 and nothing is stored',
      async (_shown, c) => {
        const profile = await unchanged(() =>
          json('put', `/api/users/update/${member.id}`, () => member)({ fullName: `Ana${c}Lopez` }),
        );
        expectRefused(profile, 400);
        const plan = await unchanged(() =>
          json(
            'post',
            '/api/memberships/create',
            () => admin,
          )({ name: `Plan${c}`, benefits: 'Todo', duration: '1', price: '10' }),
        );
        expectRefused(plan, 400);
        const contact = await unchanged(() =>
          json('post', '/api/contact')({ user_name: `Ana${c}`, subject: 'Hola', user_email: 'ana@example.com' }),
        );
        expectRefused(contact, 400);
        const review = await unchanged(() =>
          json('post', '/api/reviews/create', () => member)({ stars: 5, description: `Bien${c}`, lessonId }),
        );
        expectRefused(review, 400);
      },
    );

    test('when free text has ordinary line breaks and tabs, then it is accepted', async () => {
      const res = await json(
        'post',
        '/api/reviews/create',
        () => member,
      )({
        stars: 4,
        description: 'Muy buena.\nVolveré\tpronto',
        lessonId,
      });
      expect(res.status).toBe(201);
    });
  });

  describe('look-alike e-mails', () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await createTestUser(config);
    });
    const variants: [string, (email: string) => string][] = [
      ['upper case with spaces', (e) => `  ${e.toUpperCase()} `],
      ['full-width letters', (e) => e.replace(/[a-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0))],
      ['a full-width at sign', (e) => e.replace('@', '＠')],
      ['a zero-width space', (e) => e.replace('@', '\u200b@')],
      ['a zero-width joiner', (e) => e.replace('user', 'us\u200der')],
      ['a soft hyphen', (e) => e.replace('user', 'us\u00ader')],
      ['a byte-order mark', (e) => `\ufeff${e}`],
      ['a word joiner', (e) => e.replace('.com', '\u2060.com')],
      ['a right-to-left override', (e) => e.replace('user', 'user\u202e')],
      ['a NUL byte', (e) => e.replace('@', '\u0000@')],
      ['a Cyrillic e in the domain', (e) => e.replace('example', '\u0435xample')],
      ['a Cyrillic a in the domain', (e) => e.replace('example', 'ex\u0430mple')],
      ['a Greek omicron in the domain', (e) => e.replace('.com', '.c\u03bfm')],
      ['mathematical bold letters', (e) => e.replace('user', '\u{1d42e}\u{1d42c}\u{1d41e}\u{1d42b}')],
    ];

    test.each(variants)(
      'when someone registers the e-mail of an account with %s, then no second account is made',
      async (_what, change) => {
        const email = change(owner.email);
        expect(email).not.toBe(owner.email);
        const res = await unchanged(
          () => json('post', '/api/users/create')({ email, password: 'Secreta123' }),
          'users',
        );
        expectRefused(res, [400, 409]);
      },
    );

    test.each(variants)(
      'when an admin gives another account the e-mail of an existing one with %s, then it is refused',
      async (_what, change) => {
        const other = await createTestUser(config);
        const form = { fullName: 'Ana Lopez', phone: '5512341234', isAdmin: 'No', isMonitor: 'No' };
        const res = await unchanged(
          () => json('put', `/api/users/update/${other.id}`, () => admin)({ ...form, email: change(owner.email) }),
          'users',
        );
        expectRefused(res, [400, 409]);
        // The same form with a plain new e-mail is accepted, so the refusal above is the e-mail's.
        const fresh = `nueva-${other.id}@example.com`;
        const ok = await json('put', `/api/users/update/${other.id}`, () => admin)({ ...form, email: fresh });
        expect(ok.status).toBe(200);
      },
    );

    test('when the real owner registers a different, plain e-mail, then it works (the cases above can fail)', async () => {
      const res = await json('post', '/api/users/create')({ email: `otra-${owner.email}`, password: 'Secreta123' });
      expect(res.status).toBe(201);
      expect(await UserModel.countDocuments({ email: owner.email })).toBe(1);
    });
  });
});

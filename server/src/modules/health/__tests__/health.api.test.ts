import mongoose from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { testDatabaseUri, useTestDatabase, withDatabaseName } from '../../../test/db';
import { connectMongoose } from '../../../lib/db';

describe('health, readiness and the API frame', () => {
  useTestDatabase();
  const { app } = createTestApp({ CORS_ORIGINS: 'https://allowed.example', GYM_NAME: 'Gimnasio Norte' });

  describe('GET /api/health', () => {
    test('when the process is up, then it answers ok', async () => {
      const res = await request(app).get('/api/health').expect(200);
      expect(res.body).toEqual({ status: 'ok', uptime: expect.any(Number) });
    });
  });

  describe('GET /api/ready', () => {
    test('when the database answers, then it is ready', async () => {
      const res = await request(app).get('/api/ready').expect(200);
      expect(res.body).toEqual({ status: 'ready', database: 'up' });
    });

    test('when the database is disconnected, then it answers 503', async () => {
      const name = mongoose.connection.name;
      await mongoose.disconnect();
      try {
        const res = await request(app).get('/api/ready').expect(503);
        expect(res.body).toEqual({ status: 'unavailable', database: 'down' });
      } finally {
        await connectMongoose(withDatabaseName(testDatabaseUri(), name), 10_000);
      }
    });
  });

  describe('GET /api/config', () => {
    test('when asked, then it gives the brand and currency of this installation', async () => {
      const res = await request(app).get('/api/config').expect(200);
      expect(res.body).toEqual({
        gymName: 'Gimnasio Norte',
        currency: 'usd',
        googleClientId: null,
        payments: 'demo',
        pauses: { minDays: 7, maxDays: 90, perYear: 2, noticeDays: 2 },
      });
    });
  });

  describe('errors', () => {
    test('when an unknown /api path is requested, then a JSON 404 with a stable code is sent', async () => {
      const res = await request(app).get('/api/no-existe').set('Accept', 'text/html').expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'La ruta solicitada no existe' });
    });

    test('when the body is not valid JSON, then 400 INVALID_JSON and no stack trace', async () => {
      const res = await request(app)
        .post('/api/memberships')
        .set('Content-Type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(res.body).toEqual({ code: 'INVALID_JSON', message: 'El cuerpo de la solicitud no es JSON válido' });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|node_modules/);
    });

    test('when the body is larger than the limit, then 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await request(app)
        .post('/api/memberships')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ benefits: 'x'.repeat(200_000) }))
        .expect(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('headers', () => {
    test('when a request carries X-Request-Id, then the response echoes it; otherwise one is made', async () => {
      const echoed = await request(app).get('/api/health').set('X-Request-Id', 'abc-123');
      expect(echoed.headers['x-request-id']).toBe('abc-123');
      const made = await request(app).get('/api/health').set('X-Request-Id', 'bad id with spaces');
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    test('when any response is sent, then helmet headers are present and X-Powered-By is not', async () => {
      const res = await request(app).get('/api/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    test('when Google sign-in and Cloudinary are off, then the CSP allows no third-party origin', async () => {
      const csp = String((await request(app).get('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('google.com');
      expect(csp).not.toContain('cloudinary');
      expect(csp).toContain("object-src 'none'");
    });

    test('when Google sign-in and Cloudinary are configured, then the CSP allows exactly their origins', async () => {
      const configured = createTestApp({
        GOOGLE_CLIENT_ID: 'pulso.apps.googleusercontent.com',
        CLOUDINARY_URL: 'cloudinary://1:2@gym',
      }).app;
      const csp = String((await request(configured).get('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
      expect(csp).toContain("frame-src 'self' https://accounts.google.com/gsi/");
      expect(csp).toContain("img-src 'self' data: blob: https://res.cloudinary.com");
    });

    test('when the origin is on the allow-list, then CORS allows it; otherwise it does not', async () => {
      const allowed = await request(app).get('/api/health').set('Origin', 'https://allowed.example');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://allowed.example');
      const denied = await request(app).get('/api/health').set('Origin', 'https://evil.example');
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

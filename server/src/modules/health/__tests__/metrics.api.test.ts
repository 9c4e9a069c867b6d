import request from 'supertest';
import { createJobs } from '../../../jobs';
import { createLogger } from '../../../lib/logger';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';

describe('GET /api/metrics', () => {
  useTestDatabase();
  const SCRAPER = 'scrape-token-0123456789abcdef';
  const { app, config } = createTestApp({ METRICS_TOKEN: SCRAPER });

  test('when nobody signed in asks, then it is refused and shows nothing', async () => {
    const res = await request(app).get('/api/metrics');
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('pulso_');
    expectMatchesOpenApi('GET', '/metrics', res);
  });

  test('when a member asks, then it is forbidden', async () => {
    const member = await createTestUser(config);
    const res = await request(app).get('/api/metrics').set(bearer(member));
    expect(res.status).toBe(403);
  });

  test('when a wrong scraper token is sent, then it is refused', async () => {
    const res = await request(app).get('/api/metrics').set('Authorization', 'Bearer scrape-token-0123456789abcdeX');
    expect(res.status).toBe(401);
  });

  test('when the catalogue was read, also from the hot path, then the scraper sees requests by route, the cache and the process', async () => {
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/memberships')).status).toBe(200);
    const res = await request(app).get('/api/metrics').set('Authorization', `Bearer ${SCRAPER}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.text;
    expect(text).toMatch(
      /pulso_http_requests_total\{method="GET",route="\/api\/memberships",status="200",via="app"\} [1-9]/,
    );
    expect(text).toMatch(
      /pulso_http_requests_total\{method="GET",route="\/api\/memberships",status="200",via="hot-path"\} [1-9]/,
    );
    expect(text).toMatch(
      /pulso_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/memberships",status="200"\}/,
    );
    expect(text).toMatch(/pulso_read_cache_hits_total [1-9]/);
    expect(text).toMatch(/pulso_read_cache_misses_total [1-9]/);
    expect(text).toMatch(/pulso_read_cache_bytes [1-9]/);
    expect(text).toContain('pulso_database_up 1');
    // The catalogue's first read went to the database: its commands are counted by collection.
    expect(text).toMatch(/pulso_database_commands_total\{command="find",collection="[a-z_]+"\} [1-9]/);
    expect(text).toContain('pulso_process_resident_memory_bytes');
    expect(text).toContain('pulso_nodejs_eventloop_lag_seconds');
  });

  test("when the server's jobs ran, then the scraper sees their runs and failures by job", async () => {
    const { ctx } = createTestApp({ METRICS_TOKEN: SCRAPER });
    const jobs = createJobs(ctx, createLogger(config));
    const all = [
      'contact-retry',
      'reset-purge',
      'rate-limit-purge',
      'reviewer-names',
      'booking-notices',
      'session-attendance',
      'membership-reminders',
      'subscription-renewals',
      'account-erasures',
      'membership-pauses',
      'announcements',
      'overview-days',
      'lease-purge',
    ];
    expect(await jobs.runDue()).toEqual(all);
    const res = await request(app).get('/api/metrics').set('Authorization', `Bearer ${SCRAPER}`);
    for (const job of all) {
      expect(res.text).toContain(`pulso_job_runs_total{job="${job}"} 1`);
      expect(res.text).toContain(`pulso_job_failures_total{job="${job}"} 0`);
    }
    await jobs.stop(1_000);
  });

  test('when an administrator asks, then the metrics are answered', async () => {
    const admin = await createTestUser(config, { isAdmin: true });
    const res = await request(app).get('/api/metrics').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.text).toContain('pulso_http_requests_total');
  });

  test('when a URL matches no route, then it is counted as unmatched, not under its own path', async () => {
    await request(app).get('/api/no-such-thing-12345');
    const res = await request(app).get('/api/metrics').set('Authorization', `Bearer ${SCRAPER}`);
    expect(res.text).toMatch(/route="unmatched",status="404"/);
    expect(res.text).not.toContain('no-such-thing');
  });
});

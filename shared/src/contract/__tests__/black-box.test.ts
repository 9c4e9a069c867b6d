import { describe, expect, it } from 'vitest';
import { formatReport, isTestEmail, passed, realMembers, type BlackBoxReport } from '../black-box';

describe('black-box runs: whose data a database holds', () => {
  it('knows the domains reserved for tests and examples', () => {
    for (const email of [
      'a@example.com',
      'a@qa.example.org',
      'a@example.net',
      'a@pulso.test',
      'a@x.invalid',
      'a@b.localhost',
    ])
      expect(isTestEmail(email)).toBe(true);
    for (const email of ['a@gmail.com', 'a@example.com.mx', 'a@notexample.com', 'a@pulso.demo'])
      expect(isTestEmail(email)).toBe(false);
  });

  it("counts as real members the accounts that are not admins, demo accounts (the demo history's too) or at a test domain", () => {
    expect(
      realMembers([
        { email: 'admin@pulso.demo', isAdmin: true },
        { email: 'socio@pulso.demo', isAdmin: false },
        { email: 'contrato-abc123@example.com', isAdmin: false },
        { email: 'jefa@gimnasio.mx', isAdmin: true },
        { email: 'lucia.garcia@gmail.com', isAdmin: false },
        { email: 'otro@pulso.demo', isAdmin: false },
        { email: 'historial001@pulso.demo', isAdmin: false },
        { email: 'HISTORIAL160@pulso.demo', isAdmin: false },
        { email: 'historial161@pulso.demo', isAdmin: false },
        { email: 'historial000@pulso.demo', isAdmin: false },
      ]),
    ).toEqual(['lucia.garcia@gmail.com', 'otro@pulso.demo', 'historial161@pulso.demo', 'historial000@pulso.demo']);
  });
});

describe('black-box runs: the summary', () => {
  const report: BlackBoxReport = {
    runId: 'abc123',
    notes: [
      'This server takes payments through stripe; the checkout scenarios use the built-in demo checkout (DEMO_PAYMENTS).',
    ],
    scenarios: [
      { name: 'login', failures: [], ran: 9, skipped: [] },
      {
        name: 'admin',
        failures: ['trainers (GET /users/monitor): body.monitor: expected at least 2 items, got 1'],
        ran: 38,
        skipped: [{ step: 'the last admin cannot be suspended', why: '2 admins are active on this server' }],
      },
    ],
    cleanup: { removed: { lesson: 5, branch: 1, account: 1, plan: 4, event: 0 }, failures: [] },
  };

  it('lists each scenario with what differed and what was skipped, the clean-up and the totals', () => {
    expect(formatReport(report).split('\n')).toEqual([
      '✔ login (9 steps)',
      '✘ admin (38 steps)',
      '    trainers (GET /users/monitor): body.monitor: expected at least 2 items, got 1',
      '    skipped "the last admin cannot be suspended": 2 admins are active on this server',
      'Note: This server takes payments through stripe; the checkout scenarios use the built-in demo checkout (DEMO_PAYMENTS).',
      'Clean-up: 5 classes retired, 1 sede deleted, 1 account suspended, 4 plans retired, 0 gym events deleted.',
      'Scenarios: 1 passed, 1 failed; 47 requests checked, 1 step skipped.',
    ]);
    expect(passed(report)).toBe(false);
  });

  it('passes only when every scenario ran clean and nothing was left behind', () => {
    const clean = { ...report, scenarios: report.scenarios.slice(0, 1) };
    expect(passed(clean)).toBe(true);
    expect(passed({ ...clean, cleanup: { ...clean.cleanup, failures: ['DELETE /events/x: 500'] } })).toBe(false);
    expect(passed({ ...clean, refused: 'real members' })).toBe(false);
    expect(passed({ ...clean, scenarios: [] })).toBe(false);
  });

  it('says why a run did not start', () => {
    expect(formatReport({ ...report, refused: 'could not sign in the admin' })).toBe(
      'Not run: could not sign in the admin',
    );
  });

  it('points at the rate limits when the server answered 429', () => {
    const limited = {
      ...report,
      scenarios: [
        {
          name: 'registration',
          failures: ['register (POST /users/create): status 429, expected 201; body {}'],
          ran: 1,
          skipped: [],
        },
      ],
    };
    expect(formatReport(limited)).toContain("Note: the server's rate limits (429) stopped some requests.");
  });
});

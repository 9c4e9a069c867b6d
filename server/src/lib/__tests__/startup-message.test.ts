import type os from 'node:os';
import { DEMO_ACCOUNTS } from '@pulso/shared';
import { prettyFactory } from 'pino-pretty';
import { loggerOptions } from '../logger';
import { siteAddresses, startupMessage } from '../startup-message';

const INTERFACES = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
  ],
  wlan0: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
} as unknown as ReturnType<typeof os.networkInterfaces>;

describe('siteAddresses', () => {
  test('when the server listens on every interface, then localhost, 127.0.0.1 and each LAN IPv4 address are listed', () => {
    expect(siteAddresses(undefined, 3101, INTERFACES)).toEqual([
      'http://localhost:3101',
      'http://127.0.0.1:3101',
      'http://192.168.1.20:3101',
      'http://10.0.0.7:3101',
    ]);
    expect(siteAddresses('0.0.0.0', 3101, INTERFACES)).toHaveLength(4);
  });

  test('when HOST names one address, then only that one (and its localhost name) is listed', () => {
    expect(siteAddresses('127.0.0.1', 3000, INTERFACES)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(siteAddresses('192.168.1.20', 3000, INTERFACES)).toEqual(['http://192.168.1.20:3000']);
    expect(siteAddresses('::1', 3000, INTERFACES)).toEqual(['http://[::1]:3000']);
  });
});

describe('startupMessage', () => {
  const addresses = ['http://localhost:3101', 'http://127.0.0.1:3101', 'http://192.168.1.20:3101'];

  test('when PUBLIC_URL is unset, then every address is offered and the demo accounts follow as a table', () => {
    const text = startupMessage({ gymName: 'Pulso', nodeEnv: 'development', addresses, demoAccounts: DEMO_ACCOUNTS });
    expect(text.split('\n')).toEqual([
      'Pulso is ready (development). Open it at any of these addresses:',
      '  http://localhost:3101',
      '  http://127.0.0.1:3101',
      '  http://192.168.1.20:3101',
      'Demo accounts:',
      '  role                   e-mail                 password',
      '  admin                  admin@pulso.demo       Admin1234',
      '  member (active plan)   socio@pulso.demo       Socio1234',
      '  user (no membership)   usuario@pulso.demo     Usuario1234',
      '  trainer                carlos@pulso.demo      Profe1234',
      '  sede manager           gerente@pulso.demo     Gerente1234',
      '  front desk             recepcion@pulso.demo   Recepcion1234',
    ]);
  });

  test('when PUBLIC_URL is set, then it comes first and the local addresses after it', () => {
    const text = startupMessage({
      gymName: 'Gimnasio Sol',
      nodeEnv: 'development',
      addresses,
      publicUrl: 'https://gym.example',
      demoAccounts: [],
    });
    expect(text.split('\n')).toEqual([
      'Gimnasio Sol is ready (development) at https://gym.example (PUBLIC_URL).',
      'This machine also serves it at:',
      '  http://localhost:3101',
      '  http://127.0.0.1:3101',
      '  http://192.168.1.20:3101',
    ]);
  });
});

describe('loggerOptions', () => {
  const addresses = ['http://localhost:3000', 'http://127.0.0.1:3000'];
  const base = { logLevel: 'info' as const, isProduction: false, isTest: false };

  test('when in development, then lines are human-readable (pino-pretty), on a terminal or a pipe alike', () => {
    const options = loggerOptions(base);
    expect(options.transport).toMatchObject({ target: expect.stringMatching(/pino-pretty/) });
    const transport = options.transport as { options: Record<string, unknown> };
    const pretty = prettyFactory({ ...transport.options, colorize: false });
    const time = new Date(2026, 10, 25, 9, 30, 5).getTime();
    const request = {
      level: 30,
      time,
      pid: 1,
      hostname: 'vm',
      reqId: 'a1',
      req: { method: 'GET', url: '/sedes' },
      res: { statusCode: 200 },
      responseTime: 12,
      msg: 'request completed',
    };
    expect(pretty(request)).toBe('[09:30:05] INFO: GET /sedes 200 12 ms: request completed\n');
    const banner = startupMessage({ gymName: 'Pulso', nodeEnv: 'development', addresses, demoAccounts: DEMO_ACCOUNTS });
    expect(pretty({ level: 30, time, pid: 1, hostname: 'vm', msg: banner })).toBe(`[09:30:05] INFO: ${banner}\n`);
  });

  test('when in production or in tests, then lines are JSON', () => {
    expect(loggerOptions({ ...base, isProduction: true }).transport).toBeUndefined();
    expect(loggerOptions({ ...base, isTest: true, logLevel: 'silent' })).toMatchObject({ level: 'silent' });
    expect(loggerOptions({ ...base, isTest: true }).transport).toBeUndefined();
  });

  test('when pino-pretty is not installed (no development dependencies), then development logs JSON too', () => {
    expect(loggerOptions(base, null).transport).toBeUndefined();
  });
});

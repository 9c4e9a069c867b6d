import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../env';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('when nothing is set, then development defaults apply', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      gymName: 'Pulso',
      currency: 'usd',
      seedOnStart: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  test('when in development without JWT_SECRET, then a secret is generated once and kept in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  test('when NODE_ENV=production and JWT_SECRET is missing, then it refuses to start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/JWT_SECRET is required/);
  });

  test('when NODE_ENV=production, then nothing is seeded unless asked', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dataDir }).seedOnStart).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' }).seedOnStart,
    ).toBe(true);
  });

  test.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ JWT_SECRET: 'short' }, /at least 32 characters/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL must be an absolute URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be/],
    [{ SEED_DEMO_DATA: 'maybe' }, /SEED_DEMO_DATA must be true or false/],
    [{ CURRENCY: 'euros' }, /CURRENCY must be a 3-letter/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /STRIPE_WEBHOOK_SECRET is required/],
  ])('when %o, then a ConfigError names the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });

  test('when CORS_ORIGINS and TRUST_PROXY are set, then they are parsed', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: '1',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toBe(1);
  });

  test('when STORAGE is not set, then images go to Cloudinary when CLOUDINARY_URL is set, else to local disk', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).storage).toBe('disk');
    expect(loadConfig({ DATA_DIR: dataDir, CLOUDINARY_URL: 'cloudinary://k:s@nube' }).storage).toBe('cloudinary');
  });

  test('when STORAGE names a driver, then it is used; an unknown one or cloudinary without its URL stops the start', () => {
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE: 'gridfs' }).storage).toBe('gridfs');
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE: 'GridFS', CLOUDINARY_URL: 'cloudinary://k:s@nube' }).storage).toBe(
      'gridfs',
    );
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE: 'disk', CLOUDINARY_URL: 'cloudinary://k:s@nube' }).storage).toBe(
      'disk',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE: 's3' })).toThrow(
      new ConfigError('STORAGE must be one of disk, gridfs, cloudinary (got "s3")'),
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE: 'cloudinary' })).toThrow(
      new ConfigError('STORAGE=cloudinary needs CLOUDINARY_URL'),
    );
  });

  test('MEMBERSHIP_REMINDER_DAYS: 7 and 1 by default, most days first, whole days from 1 to 60', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).memberships.reminderDays).toEqual([7, 1]);
    expect(loadConfig({ DATA_DIR: dataDir, MEMBERSHIP_REMINDER_DAYS: '3, 14,3' }).memberships.reminderDays).toEqual([
      14, 3,
    ]);
    for (const bad of ['0', '61', '2.5', 'siete']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, MEMBERSHIP_REMINDER_DAYS: bad })).toThrow(ConfigError);
    }
  });

  test('receipts: the demo issuer outside production, nothing made up in production, a tax rate from 0 to 100', () => {
    expect(loadConfig({ DATA_DIR: dataDir, GYM_NAME: 'Forma' }).receipts).toEqual({
      name: 'Forma',
      taxId: 'B00000000',
      address: 'Calle Mayor 1, 28013 Madrid',
      taxRate: 0,
    });
    const production = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MONGODB_URI: 'mongodb://db.example/pulso',
    };
    expect(loadConfig(production).receipts).toMatchObject({ taxId: '', address: '' });
    expect(
      loadConfig({
        ...production,
        GYM_LEGAL_NAME: 'Forma S.L.',
        GYM_TAX_ID: 'B1',
        GYM_ADDRESS: 'Sol 1',
        GYM_TAX_RATE: '10,5',
      }).receipts,
    ).toEqual({ name: 'Forma S.L.', taxId: 'B1', address: 'Sol 1', taxRate: 10.5 });
    for (const bad of ['-1', '101', 'veinte']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, GYM_TAX_RATE: bad })).toThrow(ConfigError);
    }
  });
});

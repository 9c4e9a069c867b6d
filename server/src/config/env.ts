import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isTimeZone, systemTimeZone } from '../lib/gym-time';
import { CLIENT_DIST_DIR, ROOT_DIR } from './paths';
import { DEMO_ISSUER, PAUSE_DEFAULTS, PAUSE_LIMITS, type PauseRules } from '@pulso/shared';

/**
 * The only reader of process.env. Every setting is parsed and checked here once, at boot; a bad
 * value stops the process with one message that names the variable. Development defaults apply
 * unless NODE_ENV=production, where secrets must be configured.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function str(env: Env, key: string, fallback: string): string {
  const value = env[key]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

/** The chain's booking rules (issue 22); `bookingsConfig({})`: the defaults. */
export function bookingsConfig(env: Env) {
  const timeZone = str(env, 'GYM_TIME_ZONE', systemTimeZone());
  if (!isTimeZone(timeZone)) {
    throw new ConfigError(`GYM_TIME_ZONE must be an IANA time zone such as America/Bogota (got "${timeZone}")`);
  }
  return {
    /** The gym's time zone: class hours are its wall clock. */
    timeZone,
    /** A session can be booked from this many days before it starts until it starts. */
    opensDays: int(env, 'BOOKING_OPENS_DAYS', 7, 1, 90),
    /**
     * Cancelling less than this many hours before a session starts is a late cancel; from then on a
     * freed place is no longer offered to the waitlist but stays open for anyone.
     */
    lateCancelHours: int(env, 'LATE_CANCEL_HOURS', 2, 0, 168),
    /** The front desk can check a member in from this many minutes before a session until it ends. */
    checkinOpensMinutes: int(env, 'CHECKIN_OPENS_MINUTES', 30, 0, 240),
  };
}

export function membershipsConfig(env: Env) {
  const raw = list(env, 'MEMBERSHIP_REMINDER_DAYS', ['7', '1']);
  const days = raw.map(Number);
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 60)) {
    throw new ConfigError(
      `MEMBERSHIP_REMINDER_DAYS must be whole days from 1 to 60, comma-separated (got "${raw.join(',')}")`,
    );
  }
  return {
    /** A member is e-mailed this many days before their membership ends (each once), most days first. */
    reminderDays: [...new Set(days)].sort((a, b) => b - a),
    /** Days a member keeps access after a renewal's charge failed, while it is retried daily. */
    graceDays: int(env, 'RENEWAL_GRACE_DAYS', 7, 0, 60),
    pauses: pauseRules(env),
  };
}

/** The chain's rules for a member's own pauses (shared pauseRefusal); staff skip the notice and the yearly count. */
function pauseRules(env: Env): PauseRules {
  const minDays = int(env, 'PAUSE_MIN_DAYS', PAUSE_DEFAULTS.minDays, 1, PAUSE_LIMITS.days);
  const maxDays = int(env, 'PAUSE_MAX_DAYS', PAUSE_DEFAULTS.maxDays, 1, PAUSE_LIMITS.days);
  if (maxDays < minDays) {
    throw new ConfigError(`PAUSE_MAX_DAYS (${maxDays}) must not be less than PAUSE_MIN_DAYS (${minDays})`);
  }
  return {
    minDays,
    maxDays,
    perYear: int(env, 'PAUSES_PER_YEAR', PAUSE_DEFAULTS.perYear, 0, PAUSE_LIMITS.perYear),
    noticeDays: int(env, 'PAUSE_NOTICE_DAYS', PAUSE_DEFAULTS.noticeDays, 0, PAUSE_LIMITS.noticeDays),
  };
}

/**
 * Who issues the receipts (their PDF and the receipt e-mail): the gym's legal name, tax id and
 * address, and the tax rate included in the prices (0: no tax lines). Outside production the demo
 * chain's made-up tax id and address stand in, so a fresh install shows a complete receipt.
 */
export function receiptsConfig(env: Env, isProduction: boolean) {
  const demo = !isProduction;
  const rawRate = str(env, 'GYM_TAX_RATE', '0');
  const taxRate = Number(rawRate.replace(',', '.'));
  if (!Number.isFinite(taxRate) || taxRate < 0 || taxRate > 100) {
    throw new ConfigError(`GYM_TAX_RATE must be a percentage from 0 to 100 (got "${rawRate}")`);
  }
  const gymName = str(env, 'GYM_NAME', 'Pulso');
  return {
    name: str(env, 'GYM_LEGAL_NAME', gymName),
    taxId: str(env, 'GYM_TAX_ID', demo ? DEMO_ISSUER.taxId : ''),
    address: str(env, 'GYM_ADDRESS', demo ? DEMO_ISSUER.address : ''),
    taxRate,
  };
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false (got "${raw}")`);
}

function list(env: Env, key: string, fallback: string[]): string[] {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function url(env: Env, key: string, fallback: string): string {
  const value = str(env, key, fallback);
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${key} must be an absolute URL (got "${value}")`);
  }
}

/** `trust proxy`: false, a hop count, or a list of addresses/subnets as Express accepts them. */
function trustProxy(env: Env): boolean | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function currency(env: Env): string {
  const value = str(env, 'CURRENCY', 'usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(value)) throw new ConfigError(`CURRENCY must be a 3-letter ISO 4217 code (got "${value}")`);
  return value;
}

function cloudinaryUrl(env: Env): string | undefined {
  const value = optional(env, 'CLOUDINARY_URL');
  if (value && !/^cloudinary:\/\/[^:@/]+:[^@/]+@[^/]+$/.test(value)) {
    throw new ConfigError('CLOUDINARY_URL must look like cloudinary://API_KEY:API_SECRET@CLOUD_NAME');
  }
  return value;
}

const STORAGE_DRIVERS = ['disk', 'gridfs', 'cloudinary'] as const;
export type StorageName = (typeof STORAGE_DRIVERS)[number];

/** Where images go: STORAGE when set, else Cloudinary when CLOUDINARY_URL is set, else local disk. */
function storage(env: Env, cloudinary: string | undefined): StorageName {
  const raw = optional(env, 'STORAGE')?.toLowerCase();
  if (!raw) return cloudinary ? 'cloudinary' : 'disk';
  if (!(STORAGE_DRIVERS as readonly string[]).includes(raw)) {
    throw new ConfigError(`STORAGE must be one of ${STORAGE_DRIVERS.join(', ')} (got "${raw}")`);
  }
  if (raw === 'cloudinary' && !cloudinary) throw new ConfigError('STORAGE=cloudinary needs CLOUDINARY_URL');
  return raw as StorageName;
}

/** Stripe is on when its secret key is set; then the webhook secret must be set too. */
function stripeConfig(env: Env, isProduction: boolean) {
  const secretKey = optional(env, 'STRIPE_SECRET_KEY');
  if (!secretKey) return null;
  const webhookSecret = optional(env, 'STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (whsec_... from Stripe)');
  }
  if (isProduction && secretKey.startsWith('sk_test_')) {
    // Allowed (staging), but worth knowing at boot.
    process.emitWarning('STRIPE_SECRET_KEY is a test key while NODE_ENV=production');
  }
  return { secretKey, webhookSecret, apiBase: optional(env, 'STRIPE_API_BASE') };
}

/** Which checkout sells plans online: Stripe when configured, else the demo one where it is allowed. */
export function paymentProviderName(config: { stripe: unknown; demoPayments: boolean }): 'stripe' | 'demo' | null {
  if (config.stripe) return 'stripe';
  return config.demoPayments ? 'demo' : null;
}

/** The periodic jobs (lib/jobs.ts): how often each runs, and how long a run or item is leased. */
function jobsConfig(env: Env) {
  const intervalMs = int(env, 'JOBS_INTERVAL_MS', 5 * 60_000, 100, 24 * 3_600_000);
  const leaseMs = int(env, 'JOBS_LEASE_MS', 2 * 60_000, 100, 24 * 3_600_000);
  // A dead process's run is taken over within a quarter of the shorter of the two, at most 30 s.
  const pollMs = Math.max(50, Math.min(30_000, Math.floor(Math.min(intervalMs, leaseMs) / 4)));
  return { intervalMs, leaseMs, pollMs };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * In development a random JWT secret is generated once and kept in DATA_DIR, so sessions survive
 * restarts without anyone having to invent a secret.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env) {
  const nodeEnv = str(env, 'NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const isProduction = nodeEnv === 'production';
  const port = int(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(ROOT_DIR, str(env, 'DATA_DIR', 'data'));

  const jwtSecret = optional(env, 'JWT_SECRET');
  if (isProduction && !jwtSecret) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (use at least 32 random characters)');
  }
  if (jwtSecret && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }

  const logLevel = str(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port || 3000}`);

  return {
    nodeEnv,
    isProduction,
    isTest: nodeEnv === 'test',
    port,
    host: optional(env, 'HOST'),
    publicUrl,
    /**
     * Whether PUBLIC_URL was set. Unset, the site works at whatever address it is opened at
     * (localhost, 127.0.0.1, a LAN address): nothing the SPA follows or loads names an address.
     */
    publicUrlConfigured: optional(env, 'PUBLIC_URL') !== undefined,
    gymName: str(env, 'GYM_NAME', 'Pulso'),
    currency: currency(env),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    /** Where `npm run backup` writes its files. */
    backupDir: path.resolve(ROOT_DIR, str(env, 'BACKUP_DIR', path.join(dataDir, 'backups'))),
    /** The built SPA the server also serves (tests point it elsewhere). */
    clientDistDir: path.resolve(ROOT_DIR, str(env, 'CLIENT_DIST_DIR', CLIENT_DIST_DIR)),
    mongodbUri: optional(env, 'MONGODB_URI'),
    /** Port of the embedded engine `npm run db` starts (npm start picks a free one). */
    dbPort: int(env, 'DB_PORT', 27017, 1, 65_535),
    dbConnectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 10_000, 500, 120_000),
    /** Longest wait of one query for a reachable database; past it the API answers 503. */
    dbServerSelectionTimeoutMs: int(env, 'DB_SERVER_SELECTION_TIMEOUT_MS', 2_000, 100, 120_000),
    /**
     * The in-process read cache (lib/read-cache.ts). Writes through this server are seen at once;
     * writes by the other servers on the same database within 4 × READ_CACHE_SYNC_MS
     * (lib/cache-sync.ts; 0 turns that off, for a server that is alone on its database).
     */
    readCache: {
      enabled: bool(env, 'READ_CACHE', true),
      maxBytes: int(env, 'READ_CACHE_MAX_MB', 64, 1, 4096) * 1024 * 1024,
      maxAgeMs: int(env, 'READ_CACHE_MAX_AGE_MS', 60_000, 0, 86_400_000),
      syncMs: int(env, 'READ_CACHE_SYNC_MS', 250, 0, 60_000),
    },
    /** A scraper's bearer token for GET /api/metrics (administrators' sessions are accepted too). */
    metricsToken: optional(env, 'METRICS_TOKEN'),
    /** Seed demo data into an empty database at start: on by default outside production. */
    seedOnStart: bool(env, 'SEED_DEMO_DATA', !isProduction),
    /**
     * Apply pending migrations at start (under the start-up lock). false: the operator runs
     * `npm run migrate` first, and a server that finds migrations pending refuses to start.
     */
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    /** Longest wait for another instance's start-up work (migrations, indexes, seeding). */
    startupLockWaitMs: int(env, 'STARTUP_LOCK_WAIT_MS', 10 * 60_000, 1_000, 24 * 3_600_000),
    jwtSecret: jwtSecret ?? (nodeEnv === 'test' ? randomBytes(48).toString('base64url') : developmentSecret(dataDir)),
    jwtExpiresIn: str(env, 'JWT_EXPIRES_IN', '7d'),
    /** bcrypt cost; tests lower it through the environment to keep fixtures fast. */
    bcryptCost: int(env, 'BCRYPT_COST', nodeEnv === 'test' ? 4 : 10, 4, 15),
    /** Worker threads that hash passwords off the event loop; 0 hashes on the main thread (tests' default). */
    passwordWorkers: int(
      env,
      'PASSWORD_WORKERS',
      nodeEnv === 'test' ? 0 : Math.max(1, os.availableParallelism() - 1),
      0,
      64,
    ),
    corsOrigins: list(env, 'CORS_ORIGINS', isProduction ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173']),
    jsonBodyLimit: str(env, 'JSON_BODY_LIMIT', '100kb'),
    trustProxy: trustProxy(env),
    logLevel,
    stripe: stripeConfig(env, isProduction),
    /**
     * The built-in demo checkout grants memberships without taking money: on by default outside
     * production, and in production only when DEMO_PAYMENTS=true says so (and only without Stripe).
     */
    demoPayments: bool(env, 'DEMO_PAYMENTS', !isProduction),
    /** Cloudinary's account (cloudinary://KEY:SECRET@CLOUD): images go there unless STORAGE says otherwise. */
    cloudinaryUrl: cloudinaryUrl(env),
    /**
     * Where uploaded images are stored: `disk` (DATA_DIR/uploads, one server), `gridfs` (in the
     * database, shared by every server on it) or `cloudinary`.
     */
    storage: storage(env, cloudinaryUrl(env)),
    /** Google sign-in: the OAuth client id; unset = the button is hidden and /users/google answers 404. */
    googleClientId: optional(env, 'GOOGLE_CLIENT_ID'),
    /** Only for tests: where Google's signing certificates are fetched from. */
    googleCertsUrl: optional(env, 'GOOGLE_CERTS_URL'),
    /** smtp(s)://user:pass@host:port; unset = e-mails are written to the log instead of sent. */
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM', `"${str(env, 'GYM_NAME', 'Pulso')}" <no-reply@localhost>`),
    contactTo: str(env, 'CONTACT_TO', 'contacto@localhost'),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 120_000),
    /**
     * On SIGTERM, how long /api/ready answers 503 while requests are still served, so the load
     * balancer stops sending before the server stops accepting.
     */
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', isProduction ? 5_000 : 0, 0, 120_000),
    jobs: jobsConfig(env),
    bookings: bookingsConfig(env),
    memberships: membershipsConfig(env),
    /** Announcements to members (modules/announcements): how many e-mails the job runner sends a minute at most. */
    announcements: { perMinute: int(env, 'ANNOUNCEMENTS_PER_MINUTE', 60, 1, 100_000) },
    /** The issuer written on every receipt (modules/payments/receipts.ts). */
    receipts: receiptsConfig(env, isProduction),
    /** Per-client-IP request limits on the abuse-prone endpoints, counted over one window. */
    rateLimits: {
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 15 * 60_000, 1_000, 24 * 3_600_000),
      /** Failed logins (Google sign-in included); successful ones do not count. */
      login: int(env, 'RATE_LIMIT_LOGIN', 20, 1, 10_000_000),
      register: int(env, 'RATE_LIMIT_REGISTER', 10, 1, 10_000_000),
      passwordReset: int(env, 'RATE_LIMIT_PASSWORD_RESET', 5, 1, 10_000_000),
      contact: int(env, 'RATE_LIMIT_CONTACT', 5, 1, 10_000_000),
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

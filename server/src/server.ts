import { createServer, type Server } from 'node:http';
import { createApp } from './app';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, paymentProviderName, type Config } from './config/env';
import { openDatabase } from './lib/db';
import { locksReleased } from './lib/document-lock';
import { hotPath } from './lib/hot-path';
import { DatabaseUnavailableError } from './lib/database-engine';
import { createLogger } from './lib/logger';
import { siteAddresses, startupMessage } from './lib/startup-message';
import { createContext } from './lib/context';
import { createJobs } from './jobs';
import { drainAndClose, trackConnections } from './lib/shutdown';
import { DEMO_ACCOUNTS } from './seed/seed';
import { prepareDatabase } from './startup';

/** Connects the database, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  warnAboutPayments(config, logger);

  let database;
  try {
    database = await openDatabase(config, logger, { serving: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal(message);
    if (error instanceof DatabaseUnavailableError) console.error(`\n${message}\n`);
    process.exit(1);
  }

  const ctx = createContext(config, logger);
  // Migrations, indexes and demo data, under a lock shared with every other instance starting now.
  try {
    const { seeded } = await prepareDatabase({
      logger,
      migrate: config.migrateOnStart,
      seed: config.seedOnStart ? ctx : undefined,
      lock: { waitMs: config.startupLockWaitMs },
    });
    if (seeded && !config.isProduction) logger.info('Demo data loaded into the empty database.');
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  const app = createApp(config, logger, ctx);
  const server: Server = createServer(hotPath(app, logger)).listen(config.port, config.host ?? '0.0.0.0');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  }).catch((error: NodeJS.ErrnoException) => {
    logger.fatal(error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use (set PORT)` : error.message);
    void database.close().finally(() => process.exit(1));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const addresses = siteAddresses(config.host, port);
  const publicUrl = config.publicUrlConfigured ? config.publicUrl : undefined;
  if (config.isProduction) {
    logger.info({ addresses, publicUrl }, `${config.gymName} listening on ${publicUrl ?? addresses.join(', ')}`);
  } else {
    const { gymName, nodeEnv } = config;
    logger.info(startupMessage({ gymName, nodeEnv, addresses, publicUrl, demoAccounts: DEMO_ACCOUNTS }));
  }

  // Contact retry, token purge...: each period run by one server of those on the database.
  const jobs = createJobs(ctx, logger);
  jobs.start();

  const sockets = trackConnections(server);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: stopping...`);
    void drainAndClose(
      {
        server,
        lifecycle: ctx.lifecycle,
        drainMs: config.shutdownDrainMs,
        timeoutMs: config.shutdownTimeoutMs,
        stopJobs: (timeoutMs) => jobs.stop(timeoutMs),
        // Locks released while the last requests ended are deleted first (another server would
        // otherwise wait for their lease).
        closeDatabase: () => locksReleased().then(() => database.close()),
        logger,
      },
      sockets,
    ).finally(() => {
      logger.info('Stopped.');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** In production, say at start how plans are sold when it is not Stripe. */
function warnAboutPayments(config: Config, logger: Logger): void {
  if (!config.isProduction) return;
  const provider = paymentProviderName(config);
  if (provider === 'demo') {
    logger.warn('DEMO_PAYMENTS=true: the demo checkout grants memberships without taking any money');
  } else if (provider === null) {
    logger.warn(
      'No online payments: set STRIPE_SECRET_KEY to sell plans online (the front desk can still record them)',
    );
  }
}

void main();

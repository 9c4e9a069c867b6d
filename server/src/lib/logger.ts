import { createRequire } from 'node:module';
import path from 'node:path';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { ROOT_DIR } from '../config/paths';
import type { Config } from '../config/env';

type LoggerConfig = Pick<Config, 'logLevel' | 'isProduction' | 'isTest'>;

/**
 * pino-pretty (a development dependency) when it is installed, or null: an install without
 * development dependencies (`npm ci --omit=dev`) then logs JSON in development too.
 */
function prettyTransport(): string | null {
  try {
    return createRequire(path.join(ROOT_DIR, 'server', 'package.json')).resolve('pino-pretty');
  } catch {
    return null;
  }
}

/**
 * Development logs human-readable lines (pino-pretty, in a worker thread), whether the output is a
 * terminal or a pipe (`npm run dev` prefixes each line); production logs one JSON object a line for
 * log collectors; tests log nothing unless LOG_LEVEL says so, and then JSON.
 */
export function loggerOptions(config: LoggerConfig, pretty = prettyTransport()): LoggerOptions {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  };
  if (config.isProduction || config.isTest || !pretty) return options;
  return {
    ...options,
    transport: {
      target: pretty,
      options: {
        translateTime: 'HH:MM:ss',
        // A request's line (middleware/request-log.ts) in one line: 'GET /sedes 200 12 ms: request completed'.
        messageFormat: '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime} ms: {end}{msg}',
        ignore: 'pid,hostname,reqId,req,res,responseTime',
      },
    },
  };
}

/** One pino logger per process. */
export function createLogger(config: LoggerConfig): Logger {
  return pino(loggerOptions(config));
}

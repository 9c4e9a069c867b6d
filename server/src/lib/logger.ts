import pino, { type Logger } from 'pino';
import type { Config } from '../config/env';

/** One pino logger per process; pretty lines in development, JSON in production. */
export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction' | 'isTest'>): Logger {
  const pretty = !config.isProduction && !config.isTest && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * helmet's headers, worked out once. With static options helmet sends the same headers on every
 * response, yet it gets there through a dozen middleware calls per request; here helmet runs once
 * at start-up against a recording response, and each request gets the recorded headers.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
  } as unknown as ServerResponse;
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  const pageOnly = set.filter(([name]) => !SECURE_CONTEXT_ONLY.has(name.toLowerCase()));
  return (req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    // Pages opened at an address browsers do not trust (plain http to a LAN address) would only log
    // an error for each of these headers; the API's answers keep them whatever the address.
    const headers = req.secure || isLoopback(req.hostname) || req.path.startsWith('/api/') ? set : pageOnly;
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Headers browsers honour only in a secure context (https, or localhost over http). */
const SECURE_CONTEXT_ONLY = new Set(['cross-origin-opener-policy', 'origin-agent-cluster']);

/** Hosts browsers treat as potentially trustworthy over plain http. */
function isLoopback(hostname: string | undefined): boolean {
  if (!hostname) return false;
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]' ||
    hostname === '::1'
  );
}

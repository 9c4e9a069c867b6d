import mongoose from 'mongoose';
import type { Response } from 'supertest';
import { RateLimitHitModel, RateLimitWindowModel } from '../../middleware/rate-limit.model';

/**
 * The rate limits' own counters, left out of snapshots: counting the requests let through is what
 * that guard does (the counts lived in the process before they moved to the database).
 */
const RATE_LIMIT_COUNTERS = [
  RateLimitHitModel.collection.collectionName,
  RateLimitWindowModel.collection.collectionName,
];

/**
 * Shared helpers of the adversarial suite (OWASP API Security Top 10 2023). Every case takes a
 * snapshot of the database before the attack and compares it after: a refused request must not
 * change a single document.
 */
export async function snapshot(...collections: string[]): Promise<string> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  const names = collections.length
    ? collections
    : (await db.listCollections().toArray())
        .map((c) => c.name)
        .filter((name) => !RATE_LIMIT_COUNTERS.includes(name))
        .sort();
  const dump: Record<string, unknown[]> = {};
  for (const name of names) dump[name] = await db.collection(name).find().sort({ _id: 1 }).toArray();
  return JSON.stringify(dump);
}

/** Runs `attack` and fails if the database differs afterwards; returns what the attack returned. */
export async function unchanged<T>(attack: () => Promise<T>, ...collections: string[]): Promise<T> {
  const before = await snapshot(...collections);
  const result = await attack();
  // Parsed, so a failure shows only the documents that differ.
  expect(JSON.parse(await snapshot(...collections))).toEqual(JSON.parse(before));
  return result;
}

/** A refusal is a client error in the API's failure shape: never a 5xx, never a stack or internal text. */
export function expectRefused(res: Response, status?: number | number[]): void {
  if (res.status >= 500) throw new Error(`server error ${res.status}: ${res.text.slice(0, 300)}`);
  if (Array.isArray(status)) expect(status).toContain(res.status);
  else if (status !== undefined) expect(res.status).toBe(status);
  else expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  if (res.headers['content-type']?.includes('json')) {
    expect(res.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  }
  expectNoInternals(res.text);
}

/** Fails when a response body shows a stack trace, a source path or a driver's own words. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(
    /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+|MongoServerError|CastError|Mongoose|TypeError|ReferenceError/,
  );
}

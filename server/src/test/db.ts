import { randomBytes } from 'node:crypto';
import { forgetReadModelsState, READ_MODELS } from '../lib/read-models';
import mongoose from 'mongoose';
import { connectMongoose } from '../lib/db';
import { RateLimitHitModel, RateLimitWindowModel } from '../middleware/rate-limit.model';

export function testDatabaseUri(): string {
  const uri = process.env.PULSO_TEST_DB_URI;
  if (!uri) throw new Error('PULSO_TEST_DB_URI is not set: run the server tests through jest (global setup).');
  return uri;
}

/** Replaces the database name of a MongoDB URI, keeping its options. */
export function withDatabaseName(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Gives the calling test file a database of its own on the shared engine: connected before its
 * tests, dropped after them.
 */
export function useTestDatabase(): void {
  beforeAll(async () => {
    const name = `pulso_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
    await connectMongoose(withDatabaseName(testDatabaseUri(), name), 10_000);
    await mongoose.connection.syncIndexes();
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
  });
}

/**
 * Empties the rate-limit counters. They live in the database, shared by every app on it, so files
 * that test the limits with several apps start each test from zero.
 */
export async function resetRateLimits(): Promise<void> {
  await Promise.all([RateLimitHitModel.deleteMany({}), RateLimitWindowModel.deleteMany({})]);
}

/**
 * Drops the stored read models (lib/read-models.ts): tests that empty collections between cases
 * empty what is derived from them too, as a restore does.
 */
export async function resetReadModels(): Promise<void> {
  await mongoose.connection.db?.collection(READ_MODELS).deleteMany({});
  forgetReadModelsState();
}

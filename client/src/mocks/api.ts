import type { PublicConfigDto } from '@pulso/shared';
import { MockDb } from './db';

/** The installation's settings the mock answers with (GET /config). */
export type MockConfig = Pick<PublicConfigDto, 'gymName' | 'currency'> & Partial<Pick<PublicConfigDto, 'pauses'>>;

export interface MockApiOptions {
  db?: MockDb;
  config?: MockConfig;
}

/**
 * The API answered in the browser (or in node for the contract suite): its database and settings.
 * Its routes are MSW handlers, one per route of the server (handlers.ts).
 */
export class MockApi {
  readonly db: MockDb;
  readonly config: MockConfig;

  constructor(options: MockApiOptions = {}) {
    this.db = options.db ?? new MockDb();
    this.config = options.config ?? { gymName: 'Pulso', currency: 'usd' };
  }
}

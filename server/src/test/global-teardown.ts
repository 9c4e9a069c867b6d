import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__PULSO_TEST_ENGINE__;
  if (!state) return;
  await state.engine.stop();
  rmSync(state.dataDir, { recursive: true, force: true, maxRetries: 3 });
}

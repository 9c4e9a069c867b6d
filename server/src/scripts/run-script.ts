import { ConfigError } from '../config/env';

/** Runs a command-line script: a failure prints one line (a configuration error says so) and exits 1. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : error instanceof Error
          ? error.message
          : error,
    );
    process.exit(1);
  });
}

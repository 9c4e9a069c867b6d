import os from 'node:os';
import type { DemoAccount } from '@pulso/shared';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/**
 * The addresses a browser can open the site at, given where the server listens (HOST, unset = every
 * IPv4 interface): localhost and 127.0.0.1, and each LAN IPv4 address when it listens on all of
 * them (a front-desk PC on the gym's network uses those). Every one of them works: nothing the SPA
 * follows or loads names an address unless PUBLIC_URL is set.
 */
export function siteAddresses(host: string | undefined, port: number, interfaces: Interfaces = os.networkInterfaces()) {
  const at = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  if (host !== undefined && !ANY_ADDRESS.has(host)) {
    return LOOPBACK.has(host) ? [at('localhost'), at('127.0.0.1')] : [at(host)];
  }
  const lan = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => at(entry.address));
  return [at('localhost'), at('127.0.0.1'), ...new Set(lan)];
}

/** What the demo accounts can do, for the start-up table. */
const ROLE_NOTES: Record<string, string> = {
  member: 'member (active plan)',
  user: 'user (no membership)',
};

/** Rows of text in columns as wide as their widest cell. */
function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('   ')
      .trimEnd(),
  );
}

/**
 * The development start-up message: where to open the site and the demo accounts, as a short
 * human-readable block (production logs one JSON line with the addresses instead).
 */
export function startupMessage(options: {
  gymName: string;
  nodeEnv: string;
  addresses: string[];
  /** PUBLIC_URL when it is set. */
  publicUrl?: string;
  demoAccounts: DemoAccount[];
}): string {
  const lines = options.publicUrl
    ? [
        `${options.gymName} is ready (${options.nodeEnv}) at ${options.publicUrl} (PUBLIC_URL).`,
        'This machine also serves it at:',
      ]
    : [`${options.gymName} is ready (${options.nodeEnv}). Open it at any of these addresses:`];
  lines.push(...options.addresses.map((address) => `  ${address}`));
  if (options.demoAccounts.length > 0) {
    lines.push('Demo accounts:');
    const rows = options.demoAccounts.map((a) => [ROLE_NOTES[a.role] ?? a.role, a.email, a.password]);
    lines.push(...table([['role', 'e-mail', 'password'], ...rows]).map((row) => `  ${row}`));
  }
  return lines.join('\n');
}

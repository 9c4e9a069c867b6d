import { formatReport, passed, runBlackBox } from '../../../shared/src/contract/black-box';
import { supertestSend } from '../test/contract-send';

export const USAGE = `npm run test:api -- --url=URL [options]

Runs the API contract scenarios (shared/src/contract/scenarios.ts) black-box against a running
Pulso: it signs in as an admin, makes its own plans, sede, classes and accounts (named with the
run's letters), runs every scenario, then removes what it made through the API.

  --url=URL              the site's address (its API at URL/api) or the API's (ending in /api);
                         or PULSO_URL
  --admin-email=EMAIL    an admin account of that server; or PULSO_ADMIN_EMAIL
  --admin-password=PASS  its password; or PULSO_ADMIN_PASSWORD (keeps it out of shell history)
  --allow-real-data      run even when the database holds accounts that look like real people's
  --max-wait=SECONDS     wait out the server's rate limits up to this long in all (default 900;
                         0 fails at the first 429)
  --help                 this text

Exit status: 0 every scenario passed and everything made was removed; 1 something differed or
was left behind; 2 not run (bad options, server unreachable, sign-in failed, real data).`;

interface Options {
  url: URL;
  admin: { email: string; password: string };
  allowRealData: boolean;
  maxWaitSeconds: number;
}

class UsageError extends Error {}

/** Reads `--name=value`, `--name value` and `--flag`. */
function parseArgs(argv: readonly string[]): Map<string, string | true> {
  const args = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match?.[1]) throw new UsageError(`Unexpected argument "${arg}".`);
    const [, name, value] = match;
    if (value !== undefined) args.set(name, value);
    else if (['allow-real-data', 'help'].includes(name)) args.set(name, true);
    else if (argv[i + 1] !== undefined && !argv[i + 1]?.startsWith('--')) args.set(name, argv[(i += 1)] ?? '');
    else throw new UsageError(`--${name} needs a value.`);
  }
  return args;
}

const KNOWN = ['url', 'admin-email', 'admin-password', 'allow-real-data', 'max-wait', 'help'];

function readOptions(args: Map<string, string | true>, env: NodeJS.ProcessEnv): Options {
  for (const name of args.keys()) {
    if (!KNOWN.includes(name)) throw new UsageError(`Unknown option --${name}.`);
  }
  const text = (name: string, variable: string) => {
    const value = args.get(name);
    return (typeof value === 'string' ? value : env[variable]) ?? '';
  };
  const rawUrl = text('url', 'PULSO_URL');
  if (!rawUrl) throw new UsageError('Say which server to test: --url=https://staging.example.com (or PULSO_URL).');
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UsageError(`"${rawUrl}" is not an address (e.g. https://staging.example.com).`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new UsageError(`"${rawUrl}" is not an http(s) address.`);
  const admin = {
    email: text('admin-email', 'PULSO_ADMIN_EMAIL'),
    password: text('admin-password', 'PULSO_ADMIN_PASSWORD'),
  };
  if (!admin.email || !admin.password) {
    throw new UsageError(
      'Give an admin account of that server: --admin-email and --admin-password, or PULSO_ADMIN_EMAIL and PULSO_ADMIN_PASSWORD (a fresh npm start has admin@pulso.demo / Admin1234).',
    );
  }
  const wait = args.get('max-wait') ?? '900';
  const maxWaitSeconds = Number(wait);
  if (typeof wait !== 'string' || !/^\d+$/.test(wait)) throw new UsageError('--max-wait is a whole number of seconds.');
  return { url, admin, allowRealData: args.get('allow-real-data') === true, maxWaitSeconds };
}

/** The origin to send to and the path the API's routes start with. */
function apiBase(url: URL): { origin: string; prefix: string } {
  const path = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, prefix: path.endsWith('/api') ? path : `${path}/api` };
}

/** `npm run test:api`: returns the exit status; everything it says goes through `out`. */
export async function runContractCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  let options: Options;
  try {
    const args = parseArgs(argv);
    if (args.has('help')) {
      out(USAGE);
      return 0;
    }
    options = readOptions(args, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out(`${error.message}\n\n${USAGE}`);
    return 2;
  }

  const { origin, prefix } = apiBase(options.url);
  let hinted = false;
  const send = supertestSend(origin, {
    prefix,
    maxWaitSeconds: options.maxWaitSeconds,
    timeoutMs: 60_000,
    onWait: (seconds, req, policy) => {
      const allows = policy ? ` (it allows ${policy.limit} per ${policy.windowSeconds} s from one address)` : '';
      out(`The server's rate limit stopped ${req.method} ${req.path}${allows}: waiting ${seconds} s, as it asks.`);
      if (!hinted) {
        out(
          '  A run sends 6 registrations, 4 password resets, 3 contact messages and 9 failed sign-ins. To run without waiting, raise RATE_LIMIT_* on the server under test; --max-wait=0 fails at the first 429 instead.',
        );
        hinted = true;
      }
    },
  });
  out(`Pulso API contract, black-box, against ${origin}${prefix} as ${options.admin.email}`);
  try {
    const ready = await send({ method: 'GET', path: '/ready' });
    if (ready.status !== 200) {
      out(
        `Not run: ${origin}${prefix}/ready answered ${ready.status} ${JSON.stringify(ready.body)}: is it a Pulso API, and ready?`,
      );
      return 2;
    }
  } catch (error) {
    out(
      `Not run: ${origin}${prefix}/ready could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
    return 2;
  }

  const report = await runBlackBox(send, { admin: options.admin, allowRealData: options.allowRealData, log: out });
  out(formatReport(report));
  if (report.refused) return 2;
  return passed(report) ? 0 : 1;
}

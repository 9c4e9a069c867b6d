import { compare, type Matcher } from './match';

/** Values found along the way (tokens, ids) that later steps use. */
export type Vars = Record<string, string>;

export interface MultipartBody {
  /** The JSON-text field of the spec's multipart forms: `lessonAttributes` or `officeAttributes`. */
  field: string;
  attributes: Record<string, unknown>;
  /** `jpeg`: a real JPEG's first bytes; `text`: plain text under an image name. */
  image?: { name: string; content: 'jpeg' | 'text' };
}

export interface ContractRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  json?: unknown;
  multipart?: MultipartBody;
}

export interface ContractResponse {
  status: number;
  body: unknown;
}

/** How a side (the real server, the mock) is called. */
export type Send = (request: ContractRequest) => Promise<ContractResponse>;

type Dynamic<T> = T | ((vars: Vars) => T);

export interface Step {
  name: string;
  method: ContractRequest['method'];
  path: Dynamic<string>;
  /** Whose token is sent: a demo role signed in by the first scenario, or a var holding a token. */
  as?: string;
  json?: Dynamic<Record<string, unknown>>;
  multipart?: Dynamic<MultipartBody>;
  status: number;
  body?: Dynamic<Matcher>;
  /** Keeps values of a matching response for later steps. */
  save?: (body: never, vars: Vars) => void;
  /** Why this step cannot run in the scenarios' world (it is then reported as skipped). */
  skip?: string;
}

export interface Scenario {
  name: string;
  steps: Step[];
}

const resolve = <T>(value: Dynamic<T>, vars: Vars): T =>
  typeof value === 'function' ? (value as (v: Vars) => T)(vars) : value;

/** What one scenario did on one side. */
export interface ScenarioResult {
  name: string;
  /** Every difference from the contract, one readable line each. */
  failures: string[];
  /** The steps sent. */
  ran: number;
  /** The steps left out, with why. */
  skipped: { step: string; why: string }[];
}

/**
 * Runs one scenario against one side; returns every difference from the contract. A step whose
 * status differs ends the scenario (the next steps depend on it).
 */
export async function runScenario(scenario: Scenario, send: Send, vars: Vars): Promise<string[]> {
  return (await runScenarioSteps(scenario, send, vars)).failures;
}

/** Runs one scenario against one side, saying what ran, what was skipped and what differed. */
export async function runScenarioSteps(scenario: Scenario, send: Send, vars: Vars): Promise<ScenarioResult> {
  const failures: string[] = [];
  const result: ScenarioResult = { name: scenario.name, failures, ran: 0, skipped: [] };
  for (const step of scenario.steps) {
    if (step.skip !== undefined) {
      result.skipped.push({ step: step.name, why: step.skip });
      continue;
    }
    const token = step.as === undefined ? undefined : vars[`token:${step.as}`];
    if (step.as !== undefined && token === undefined) {
      failures.push(`${step.name}: no token for "${step.as}" (an earlier step failed)`);
      break;
    }
    const request: ContractRequest = {
      method: step.method,
      path: resolve(step.path, vars),
      ...(token ? { token } : {}),
      ...(step.json !== undefined ? { json: resolve(step.json, vars) } : {}),
      ...(step.multipart !== undefined ? { multipart: resolve(step.multipart, vars) } : {}),
    };
    const response = await send(request);
    result.ran += 1;
    const where = `${step.name} (${request.method} ${request.path})`;
    if (response.status !== step.status) {
      failures.push(
        `${where}: status ${response.status}, expected ${step.status}; body ${JSON.stringify(response.body)}`,
      );
      break;
    }
    const problems = step.body === undefined ? [] : compare(response.body, resolve(step.body, vars));
    failures.push(...problems.map((p) => `${where}: ${p}`));
    if (problems.length === 0 && step.save) step.save(response.body as never, vars);
  }
  return result;
}

/** The first bytes of a JPEG file (enough for the servers' content check). */
export const JPEG_BYTES = [
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
];

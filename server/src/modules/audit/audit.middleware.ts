import type { Request, RequestHandler, Response } from 'express';
import type { AuditAction, AuditEntity } from '@pulso/shared';
import { changesSomething, recordAudit, type AuditActor, type AuditRecord } from './audit.service';

/** What a snapshot reader is given besides the record's id. */
export interface AuditReadContext {
  /** The gym's time zone: snapshots show its dates and hours. */
  timeZone: string;
}

/** Reads a record as the trail keeps it (null: there is none). */
export type AuditSnapshotReader = (id: string, context: AuditReadContext) => Promise<AuditRecord | null>;

/**
 * How a route's changes are written to the audit trail (issue 24, item 5), declared beside the route
 * in its table (lib/route-table.ts). The record is read before the handler and again when it
 * answers, and the entry is written before the answer leaves, so a change the caller saw succeed is
 * in the trail. Only staff's requests are written (a member's own changes are theirs).
 */
export interface AuditSpec {
  entity: AuditEntity;
  /** What the change is; a route that does several kinds (a bulk action) reads it from the request. */
  action: AuditAction | ((req: Request) => AuditAction);
  /**
   * The changed record's id, known before the handler runs (default: the route's `:id`); undefined
   * for a creation; several for a change of many (a bulk action: one entry each that changed).
   */
  target?: (req: Request) => string | string[] | undefined;
  /** Reads the record, before and after. */
  snapshot?: AuditSnapshotReader;
  /**
   * For a change the answer tells about (a creation's new id, a check-in): its record's id, and its
   * values before and after when the answer says them; null when nothing changed.
   */
  fromAnswer?: (
    answer: unknown,
    req: Request,
  ) => { id: string; before?: AuditRecord | null; after?: AuditRecord | null } | null;
}

/** The role a change is made in, as the trail names it. */
export function actorOf(req: Request): AuditActor | null {
  const user = req.user;
  if (!user || user.role === 'member') return null;
  return { id: user.id, name: user.fullName, role: user.role };
}

const defaultTarget = (req: Request) => {
  const id = req.params.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The route's audit: wraps `res.json` so that a success is written to the trail before it is sent.
 * A failure to write is logged and the answer still goes (the change itself is done).
 */
export function auditRoute(spec: AuditSpec, route: string): RequestHandler {
  return async (req, res, next) => {
    const actor = actorOf(req);
    if (!actor) return next();
    const context: AuditReadContext = { timeZone: String(req.app.get('gym time zone') ?? 'UTC') };
    const targeted = (spec.target ?? defaultTarget)(req);
    if (Array.isArray(targeted)) return auditMany(spec, targeted, { req, res, next, actor, route, context });
    const target = targeted;
    const before = target && spec.snapshot ? await spec.snapshot(target, context).catch(() => null) : null;
    answerAfter(req, res, route, (body, status) =>
      write(spec, { req, actor, route, context, target, before, body, status }),
    );
    next();
  };
}

/** A change of many records: each one read before and after, one entry for each that changed. */
async function auditMany(
  spec: AuditSpec,
  targets: string[],
  facts: {
    req: Request;
    res: Response;
    next: (err?: unknown) => void;
    actor: AuditActor;
    route: string;
    context: AuditReadContext;
  },
): Promise<void> {
  const { req, res, next, actor, route, context } = facts;
  const snapshot = spec.snapshot;
  if (!snapshot) return next();
  const ids = [...new Set(targets)];
  const befores = await Promise.all(ids.map((id) => snapshot(id, context).catch(() => null)));
  answerAfter(req, res, route, async (body, status) => {
    for (const [index, id] of ids.entries()) {
      await write(spec, { req, actor, route, context, target: id, before: befores[index] ?? null, body, status });
    }
  });
  next();
}

/** How long an answer waits for its audit entries: past it, it goes (the entry is logged if it fails later). */
const AUDIT_WAIT_MS = 5_000;

/**
 * Wraps `res.json` so that a success's first answer waits for `work` (the audit entries) and then
 * goes; a failure, or a second call, answers as Express would. The answer is sent once at most: a
 * handler that failed after answering has been answered by the error handler already.
 */
function answerAfter(
  req: Request,
  res: Response,
  route: string,
  work: (body: unknown, status: number) => Promise<void>,
): void {
  const send = res.json.bind(res) as Response['json'];
  let answered = false;
  res.json = ((body: unknown) => {
    if (answered || res.statusCode < 200 || res.statusCode >= 300) return send(body);
    answered = true;
    const status = res.statusCode;
    void (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          work(body, status),
          new Promise((resolve) => {
            timer = setTimeout(resolve, AUDIT_WAIT_MS);
            timer.unref();
          }),
        ]);
      } catch (err) {
        req.log.error({ err, route }, 'audit entry not written');
      } finally {
        clearTimeout(timer);
      }
      if (res.headersSent) return;
      try {
        send(body);
      } catch (err) {
        req.log.error({ err, route }, 'answer not sent after its audit entry');
      }
    })();
    return res;
  }) as Response['json'];
}

async function write(
  spec: AuditSpec,
  facts: {
    req: Request;
    actor: AuditActor;
    route: string;
    context: AuditReadContext;
    target: string | undefined;
    before: AuditRecord | null;
    body: unknown;
    /** The answer's status: a creation answered 200 found its record there already (a replay). */
    status: number;
  },
): Promise<void> {
  if (spec.action === 'create' && facts.status === 200) return;
  let id = facts.target;
  let before = facts.before;
  let after: AuditRecord | null | undefined;
  if (spec.fromAnswer) {
    const told = spec.fromAnswer(facts.body, facts.req);
    if (!told) return;
    id = told.id;
    if (told.before !== undefined) before = told.before;
    after = told.after;
  }
  if (!id) return;
  if (after === undefined) after = spec.snapshot ? await spec.snapshot(id, facts.context) : null;
  if (!changesSomething(before, after)) return;
  await recordAudit({
    actor: facts.actor,
    ip: facts.req.ip ?? '',
    route: facts.route,
    action: typeof spec.action === 'function' ? spec.action(facts.req) : spec.action,
    entity: spec.entity,
    entityId: id,
    before,
    after,
  });
}

/** A record staff create: its id is in the answer (`idOf`), its values read once it is saved. */
export function auditCreate(
  entity: AuditEntity,
  snapshot: AuditSnapshotReader,
  idOf: (answer: never) => string | undefined,
): AuditSpec {
  return {
    entity,
    action: 'create',
    target: () => undefined,
    snapshot,
    fromAnswer: (answer) => {
      const id = idOf(answer as never);
      return id ? { id } : null;
    },
  };
}

/** A record staff change, named by the route's `param` (`:id` by default): read before and after. */
export function auditChange(
  entity: AuditEntity,
  action: AuditAction,
  snapshot: AuditSnapshotReader,
  param = 'id',
): AuditSpec {
  return {
    entity,
    action,
    snapshot,
    target: (req) => {
      const id = req.params[param];
      return typeof id === 'string' ? id : undefined;
    },
  };
}

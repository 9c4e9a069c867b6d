import { isObjectId } from '../validation/rules';
import { isDate, parseSessionId } from '../sessions';

/**
 * The audit trail (issue 24, item 5): every change staff make through the dashboard or the API,
 * with who, when, from which address, and the changed record's values before and after. The server
 * writes it (server/src/modules/audit); the rule of what changed and its Spanish words are here, so
 * the server, the dashboard and the mock say the same thing.
 */

/** What a change is about. A check-in is a session's; a desk payment and a pause are a member's too. */
export const AUDIT_ENTITIES = [
  'user',
  'plan',
  'branch',
  'lesson',
  'session',
  'payment',
  'event',
  'announcement',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'pause',
  'cancel',
  'checkin',
  'payment',
  'refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A snapshot of a record as the trail keeps it: flat, display-ready values (names, not ids). */
export type AuditValue = string | number | boolean | null;
export type AuditSnapshot = Record<string, AuditValue>;

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'Usuario',
  plan: 'Membresía',
  branch: 'Sede',
  lesson: 'Clase',
  session: 'Sesión',
  payment: 'Pago',
  event: 'Evento',
  announcement: 'Anuncio',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  restore: 'Restauró',
  pause: 'Pausó',
  cancel: 'Canceló',
  checkin: 'Registró la asistencia',
  payment: 'Cobró',
  refund: 'Reembolsó',
};

/** What was done, in words that fit the record ('Suspendió' a user, not 'Eliminó'). */
const ACTION_OF: Partial<Record<`${AuditEntity}:${AuditAction}`, string>> = {
  'user:create': 'Creó la cuenta de',
  'user:update': 'Modificó los datos de',
  'user:delete': 'Suspendió a',
  'user:restore': 'Restauró a',
  'user:pause': 'Pausó la membresía de',
  'user:payment': 'Registró un pago de',
  'session:checkin': 'Registró la asistencia en',
  'session:cancel': 'Canceló la sesión',
  'session:update': 'Modificó la sesión',
  'payment:payment': 'Cobró el pago',
  'payment:refund': 'Reembolsó el pago',
  'plan:delete': 'Retiró la membresía',
  'plan:restore': 'Restauró la membresía',
  'lesson:delete': 'Retiró la clase',
  'lesson:restore': 'Restauró la clase',
  'announcement:create': 'Envió el anuncio',
};

/** The action as the trail's 'Acción' column says it ('Suspendió', 'Reembolsó'). */
export function auditActionLabel(entity: AuditEntity, action: AuditAction): string {
  const phrase = ACTION_OF[`${entity}:${action}`];
  return phrase ? phrase.replace(/ (a|de|en)$/, '') : AUDIT_ACTION_LABELS[action];
}

/** One change in a sentence: 'Suspendió a «Ana López»', 'Modificó membresía «Plus»'. */
export function auditSentence(entry: { entity: AuditEntity; action: AuditAction; label: string }): string {
  const phrase =
    ACTION_OF[`${entry.entity}:${entry.action}`] ??
    `${AUDIT_ACTION_LABELS[entry.action]} ${AUDIT_ENTITY_LABELS[entry.entity].toLowerCase()}`;
  return entry.label ? `${phrase} «${entry.label}»` : phrase;
}

/** The Spanish name of each field a snapshot may hold (a field not listed shows its key). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // users
  fullName: 'Nombre',
  email: 'Email',
  phone: 'Teléfono',
  isAdmin: 'Administrador',
  isMonitor: 'Profesor',
  staffRole: 'Rol en la sede',
  homeBranch: 'Sede habitual',
  plan: 'Plan',
  membershipStart: 'Inicio de la membresía',
  membershipEnd: 'Vencimiento de la membresía',
  pauses: 'Pausas',
  password: 'Contraseña',
  suspended: 'Suspendido',
  // plans
  name: 'Nombre',
  duration: 'Duración (meses)',
  benefits: 'Beneficios',
  price: 'Precio',
  renewing: 'Se renueva',
  retired: 'Retirado',
  // branches
  address: 'Dirección',
  hours: 'Horario',
  image: 'Imagen',
  // lessons
  description: 'Descripción',
  trainer: 'Profesor',
  branch: 'Sede',
  days: 'Días',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  capacity: 'Cupo',
  available: 'Disponible',
  // sessions
  date: 'Fecha',
  lesson: 'Clase',
  cancelled: 'Cancelada',
  reason: 'Motivo',
  member: 'Socio',
  substitute: 'Profesor suplente',
  checkedIn: 'Asistencia',
  // payments
  amount: 'Importe',
  method: 'Medio de pago',
  status: 'Estado',
  refundReason: 'Motivo del reembolso',
  // announcements
  subject: 'Asunto',
  body: 'Mensaje',
  audience: 'Destinatarios',
  total: 'Personas',
  // events
  title: 'Título',
  start: 'Inicio',
  end: 'Fin',
};

/** Fields kept as a fingerprint (the password's): shown as hidden, and 'Cambiada' when it changed. */
const SECRET_FIELDS = new Set(['password']);
const HIDDEN = '••••••';
const CHANGED = 'Cambiada';

export interface AuditChange {
  field: string;
  label: string;
  before: AuditValue;
  after: AuditValue;
}

/**
 * What changed between two snapshots, in the order of the fields: every field of a new record, every
 * field of a removed one, and the fields whose values differ otherwise.
 */
export function auditChanges(before: AuditSnapshot | null, after: AuditSnapshot | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (before && after && was === is) continue;
    if (!before && is === null) continue;
    const label = AUDIT_FIELD_LABELS[field] ?? field;
    if (SECRET_FIELDS.has(field)) {
      // A fingerprint tells that it changed; what it was or is stays unsaid.
      changes.push({ field, label, before: was === null ? null : HIDDEN, after: is === null ? null : CHANGED });
    } else {
      changes.push({ field, label, before: was, after: is });
    }
  }
  return changes;
}

/** A value as the trail shows it: 'Sí'/'No', '—' for none, the text or number otherwise. */
export function auditValueText(value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return String(value);
}

/** The filters of the trail's list; '' leaves one off. Dates are the gym's (YYYY-MM-DD), both included. */
export interface AuditQuery {
  actor: string;
  entity: AuditEntity | '';
  from: string;
  to: string;
}

export const DEFAULT_AUDIT_QUERY: AuditQuery = { actor: '', entity: '', from: '', to: '' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The query string's filters, or the first one that is not valid (its name). */
export function parseAuditQuery(raw: Record<string, unknown>): { query: AuditQuery } | { invalid: string } {
  const actor = text(raw.actor);
  if (actor && !isObjectId(actor)) return { invalid: 'actor' };
  const entity = text(raw.entity);
  if (entity && !(AUDIT_ENTITIES as readonly string[]).includes(entity)) return { invalid: 'entity' };
  const from = text(raw.from);
  if (from && !isDate(from)) return { invalid: 'from' };
  const to = text(raw.to);
  if (to && !isDate(to)) return { invalid: 'to' };
  if (from && to && to < from) return { invalid: 'to' };
  return { query: { actor, entity: entity as AuditQuery['entity'], from, to } };
}

/** The query as a query string's values (only those set). */
export function auditQueryParams(query: AuditQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** Whether `id` can name a record of `entity`: a session's is `<class id>:<date>`, an announcement's `ann_<key>`, the others' an ObjectId. */
export function isAuditEntityId(entity: AuditEntity, id: string): boolean {
  if (entity === 'session') return parseSessionId(id) !== null;
  if (entity === 'announcement') return /^ann_[\w-]{1,80}$/.test(id);
  return isObjectId(id);
}

/** The key of a record's history: what the trail lists under a member's or a class's page. */
export const auditHistoryKey = (entity: AuditEntity, id: string) => `${entity}:${id}`;

/** How many entries a record's history shows, newest first. */
export const AUDIT_HISTORY_LIMIT = 100;

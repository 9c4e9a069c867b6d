/** What several sections of the messages share (not part of MESSAGES). */

/** 'Lunes', 'Lunes y Martes', 'Lunes, Martes y Jueves'. */
export function listY(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

/** 'el Domingo', 'los días Sábado y Domingo'. */
export function onDays(days: readonly string[]): string {
  return days.length === 1 ? `el ${days[0]}` : `los días ${listY(days)}`;
}

/** A sede as a sentence's subject: 'Sede Norte' as it is, 'Centro' as 'La sede Centro'. */
export function theBranch(name: string): string {
  return /^sede\b/i.test(name) ? name : `La sede ${name}`;
}

/** The lists' filters as their screens name them, for the message that refuses one. */
export const FILTER_NAMES: Record<string, string> = {
  q: 'Buscar',
  status: 'Estado',
  plan: 'Plan',
  branch: 'Sede habitual',
  role: 'Rol',
  sort: 'Orden',
  dir: 'Sentido del orden',
  actor: 'Persona',
  entity: 'Qué se cambió',
  from: 'Desde',
  to: 'Hasta',
  method: 'Medio de pago',
};

import type { MembershipState } from '@pulso/shared';

const CLASS: Record<MembershipState, string> = {
  Activo: 'badge--state-active',
  Pausada: 'badge--state-paused',
  Vencida: 'badge--state-ended',
  'Pago pendiente': 'badge--state-due',
};

/**
 * A membership's state ('Activo', 'Pausada', 'Vencida', 'Pago pendiente') as one badge, the same on
 * the profile, the users table and the calendar; without a membership, the spec's 'Inactivo'.
 */
export function MembershipStateBadge({ state, className }: { state: MembershipState | null; className?: string }) {
  return (
    <span className={`badge ${state ? CLASS[state] : 'badge--state-ended'}${className ? ` ${className}` : ''}`}>
      {state ?? 'Inactivo'}
    </span>
  );
}

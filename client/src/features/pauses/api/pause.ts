import type { MembershipDto, schemas } from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';
import type { Done } from '../../../lib/mutation';

type Saved = Answer<typeof schemas.pauseSaved>;

/** 'Pausar membresía': the member's own, or anyone's for an admin; the server's words and the membership after it. */
export async function pauseMembership(userId: string, from: string, days: number): Promise<Done<MembershipDto>> {
  const { data } = await api.post<Saved>(`/users/pause/${userId}`, { from, days });
  return { message: data.message, value: data.membresia };
}

import type { schemas } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

/** Erases the signed-in person's account; the server's message says it is done. */
export async function eraseMyAccount(confirmation: Body<typeof schemas.erasureForm>): Promise<string> {
  const { data } = await api.post<Answer<typeof schemas.message>>('/users/erase', confirmation);
  return data.message;
}

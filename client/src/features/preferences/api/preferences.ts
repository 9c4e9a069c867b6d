import type { Answer, Body } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import type { PreferencesDto, schemas } from '@pulso/shared';

/** What the signed-in person chose to be e-mailed. */
export async function getPreferences(): Promise<PreferencesDto> {
  const { data } = await api.get<PreferencesDto>('/users/preferences');
  return data;
}

/** Switches the membership reminders on or off; answers the message and the preferences as saved. */
export async function savePreferences(
  body: Body<typeof schemas.preferencesForm>,
): Promise<Answer<typeof schemas.preferencesSaved>> {
  const { data } = await api.put<Answer<typeof schemas.preferencesSaved>>('/users/preferences', body);
  return data;
}

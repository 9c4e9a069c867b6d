import type { CreateUserResponseDto, LoginResponseDto, schemas, UserDto } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

/** POST /users/login: the session token on success. */
export async function login(email: string, password: string): Promise<string> {
  const { data } = await api.post<LoginResponseDto>('/users/login', { email, password });
  if (!data.login.token) throw new Error(data.login.message);
  return data.login.token;
}

/** POST /users/create as a visitor: the new account's session token. */
export async function register(email: string, password: string, homeBranch = ''): Promise<string> {
  // Registration names the account after the part of the e-mail before the at sign.
  const fullName = email.split('@')[0] ?? email;
  const { data } = await api.post<CreateUserResponseDto>('/users/create', {
    fullName,
    email,
    password,
    ...(homeBranch ? { homeBranch } : {}),
  });
  if (!data.user.token) throw new Error(data.message);
  return data.user.token;
}

/** POST /users/google with the credential of Google's button. */
export async function signInWithGoogle(credential: string): Promise<string> {
  const { data } = await api.post<LoginResponseDto>('/users/google', { credential });
  if (!data.login.token) throw new Error(data.login.message);
  return data.login.token;
}

export async function requestPasswordReset(email: string): Promise<string> {
  const { data } = await api.post<Answer<typeof schemas.message>>('/users/forgot', { email });
  return data.message;
}

export async function resetPassword(token: string, password: string): Promise<string> {
  const { data } = await api.post<Answer<typeof schemas.message>>('/users/reset', { token, password });
  return data.message;
}

export async function getUser(id: string): Promise<UserDto> {
  const { data } = await api.get<UserDto>(`/users/${encodeURIComponent(id)}`);
  return data;
}

type ProfileFields = Body<typeof schemas.profileForm>;

/** What the profile form sends: a new password needs the current one (a session alone is not enough). */
export type ProfileChanges = Pick<ProfileFields, 'fullName' | 'phone'> &
  Partial<Pick<ProfileFields, 'homeBranch'>> &
  Partial<Pick<ProfileFields, 'password' | 'currentPassword'>>;

/** Saves the profile; a new password comes back with a new token, as it ends every older session. */
export async function updateProfile(
  id: string,
  changes: ProfileChanges,
): Promise<Pick<Answer<typeof schemas.userUpdated>, 'message' | 'token'>> {
  const { data } = await api.put<Answer<typeof schemas.userUpdated>>(
    `/users/update/${encodeURIComponent(id)}`,
    changes,
  );
  return { message: data.message, ...(data.token ? { token: data.token } : {}) };
}

export async function deleteAccount(id: string): Promise<void> {
  await api.delete(`/users/delete/${encodeURIComponent(id)}`);
}

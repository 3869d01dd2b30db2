import type { PublicUser } from '@karya/domain/user';
import { apiRequest } from '../../lib/api-client';

export function loginRequest(username: string, password: string): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/login', { username, password });
}

export function logoutRequest(): Promise<null> {
  return apiRequest<null>('POST', '/logout');
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<PublicUser> {
  return apiRequest<PublicUser>('GET', '/me', undefined, signal ? { signal } : {});
}

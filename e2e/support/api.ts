import { type APIRequestContext, expect, request } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' } as const;
export const DEFAULT_PASSWORD = 'secret-123';

let counter = 0;
/** A suffix that keeps names unique across parallel workers and repeated runs. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/** A signed-in API client for seeding data through the same endpoints the screens use. */
export async function apiAs(
  baseURL: string,
  username: string,
  password: string,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

type ApiResponse = Awaited<ReturnType<APIRequestContext['post']>>;

/** The answer's data, after checking the request succeeded (the body says why if not). */
export async function answer<T>(response: ApiResponse): Promise<T> {
  const body = (await response.json()) as { data: T };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data;
}

async function dataOf<T>(responsePromise: Promise<ApiResponse>): Promise<T> {
  return answer<T>(await responsePromise);
}

/** 'First Last', as the screens show a person. */
export const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

export interface SeededUser {
  _id: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function seedBranch(admin: APIRequestContext, name = unique('Branch ')) {
  return dataOf<{ _id: string; name: string }>(
    admin.post('/api/add-branches', {
      data: { name, location: 'Pune', address: '', phone: '', status: 'active' },
    }),
  );
}

export async function seedUser(
  admin: APIRequestContext,
  role: 'manager' | 'technician',
  branchId: string,
): Promise<SeededUser> {
  const username = unique(role.slice(0, 4));
  const firstName = role === 'manager' ? 'Meera' : 'Tarun';
  const lastName = unique('L');
  const created = await dataOf<{ _id: string }>(
    admin.post(role === 'manager' ? '/api/add-managers' : '/api/add-technicians', {
      data: {
        firstName,
        lastName,
        username,
        email: `${username}@example.com`,
        password: DEFAULT_PASSWORD,
        phone: '9876543210',
        branch: branchId,
        status: 'active',
      },
    }),
  );
  return { _id: created._id, username, password: DEFAULT_PASSWORD, firstName, lastName };
}

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { openTestDatabase } from './test-database';

export const ADMIN = { username: 'admin', password: 'admin-pass-123' } as const;

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** One app on its own fresh database, with the default admin, per test file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ WEB_DIST: '/nonexistent', ...env });
  const { app } = await buildApp(config, { database, logger: false, answers: 'checked' });
  await ensureDefaultAdmin(database.db, { username: ADMIN.username, password: ADMIN.password });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie a successful login sets, ready for a `cookie` header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'karya_session');
  if (!cookie)
    throw new Error(`No session cookie in answer ${response.statusCode}: ${response.body}`);
  return `karya_session=${cookie.value}`;
}

export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  });
  return sessionCookieOf(response);
}

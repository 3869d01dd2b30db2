import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { ADMIN, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * Every inventory route, as its path is registered. The answer check covers these, and a
 * test can ask which of them it never saw answer 200.
 */
export const INVENTORY_ROUTES = [
  'GET /api/get-all-inventory',
  'GET /api/get-single-inventory/:id',
  'POST /api/create-inventory',
  'POST /api/update-inventory/:id',
  'PUT /api/update-inventory/:id',
  'POST /api/delete-inventory/:id',
  'DELETE /api/delete-inventory/:id',
  'GET /api/inventory-by-type/:type',
  'POST /api/add-stock',
  'GET /api/check-serial/:serial',
  'GET /api/serial-number-detail/:serial',
  'GET /api/serial-number-history',
  'POST /api/assign-inventory-technician',
  'GET /api/get-technician-inventory',
  'POST /api/return-inventory',
  'GET /api/get-returned-inventory',
  'POST /api/confirm-returned-inventory/:id',
  'GET /api/get-inventory-history',
  'GET /api/get-transfer-history',
] as const;

export interface CheckedApp extends TestApp {
  /** Answers whose response schema dropped or changed something the service answered. */
  lost: string[];
  /** The inventory routes seen answering 200. */
  answered: Set<string>;
}

/** Where two JSON values first differ, as a path ('' when they are equal). */
function firstDifference(sent: unknown, served: unknown, path = '$'): string {
  if (Object.is(sent, served)) return '';
  if (Array.isArray(sent) && Array.isArray(served)) {
    if (sent.length !== served.length) return `${path}.length`;
    for (let i = 0; i < sent.length; i += 1) {
      const found = firstDifference(sent[i], served[i], `${path}[${i}]`);
      if (found) return found;
    }
    return '';
  }
  if (sent && served && typeof sent === 'object' && typeof served === 'object') {
    const keys = new Set([...Object.keys(sent), ...Object.keys(served)]);
    for (const key of keys) {
      const found = firstDifference(
        (sent as Record<string, unknown>)[key],
        (served as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (found) return found;
    }
    return '';
  }
  return path;
}

/**
 * A test app whose inventory answers are checked against their response schemas on the way
 * out: the zod serializer writes what the schema lists and silently drops any other key, so
 * a field the service answers but the schema forgot would vanish for clients. Each answer is
 * encoded with its schema here and compared with what the service handed over.
 */
export async function createCheckedTestApp(): Promise<CheckedApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ WEB_DIST: '/nonexistent' });
  const { app } = await buildApp(config, { database, logger: false, answers: 'checked' });
  const lost: string[] = [];
  const answered = new Set<string>();
  watchAnswers(app, lost, answered);
  await ensureDefaultAdmin(database.db, { username: ADMIN.username, password: ADMIN.password });
  await app.ready();
  return {
    app,
    db: database.db,
    lost,
    answered,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function watchAnswers(app: FastifyInstance, lost: string[], answered: Set<string>) {
  const inventory = new Set<string>(INVENTORY_ROUTES);
  app.addHook('preSerialization', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!inventory.has(route)) return payload;
    const responses = request.routeOptions.schema?.response as
      | Record<number, z.ZodType>
      | undefined;
    const schema = responses?.[reply.statusCode];
    if (!schema) {
      lost.push(`${route} ${reply.statusCode}: no response schema`);
      return payload;
    }
    const sent = JSON.parse(JSON.stringify(payload));
    const encoded = z.safeEncode(schema, payload);
    if (!encoded.success) {
      lost.push(`${route} ${reply.statusCode}: ${encoded.error.message}`);
      return payload;
    }
    const difference = firstDifference(sent, JSON.parse(JSON.stringify(encoded.data)));
    if (difference) lost.push(`${route} ${reply.statusCode}: ${difference} differs`);
    if (reply.statusCode === 200) answered.add(route);
    return payload;
  });
}

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDigest } from '../helpers/data-digest';
import { createBranch, createUser } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 16: no request of any shape answers 5xx, and a refused request changes no data.
 *
 * For every operation of the OpenAPI document, as an admin, a manager and a technician, send
 * malformed requests built by a seeded generator (so a run is repeatable and never flakes):
 * wrong-typed and out-of-range values for the documented body and query fields, missing
 * fields, NUL and lone surrogates, very long text, bodies that are not objects, and random path
 * parameters (including broken percent-encoding). Every answer must be below 500 and in the
 * envelope; after every refused write (4xx), a digest of every data table must be unchanged.
 */

const SEED = 16_2026;
/** Requests per operation and role: about 85 operations × 3 roles × this. */
const PER_OPERATION_AND_ROLE = 10;
/** Operations that would end the fuzzing session or wipe the database on an accidental match. */
const SKIPPED = /logout|reset|restore/i;

/** mulberry32: a small, fast, seedable generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

/** JSON values of every wrong shape a client could send. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  9007199254740992,
  1e20,
  -1e308,
  1e-320,
  '',
  ' ',
  '0x10',
  '1e3',
  '-0',
  'NaN',
  'Infinity',
  'a\u0000b',
  'x\ud800',
  '\udfffy',
  'x'.repeat(10_000),
  '💡'.repeat(300),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '-000001-01-01T00:00:00Z',
  'not a date',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ITEM-1',
  'WO-1',
  [],
  [5],
  ['a', null],
  {},
  { $ne: null },
  { a: { b: { c: [1, 2, 3] } } },
];

/** Path parameter values, already as they appear in a URL. */
const HOSTILE_PATH_VALUES: readonly string[] = [
  '1',
  '-1',
  '0',
  '2147483648',
  '00000000-0000-0000-0000-000000000000',
  '6f1c2f0a-8e6b-4c2e-9f4a-000000000001',
  'ITEM-1',
  'WO-1',
  '%00',
  '%ED%A0%80',
  '%zz',
  '%',
  '%F0%9F',
  'a'.repeat(150),
  '%20',
  '..%2F..%2Fetc',
  'null',
  'undefined',
  'serialized-product',
  'bogus',
];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
}
interface Operation {
  method: string;
  path: string;
  query: string[];
  body: Schema | undefined;
}

function randomString(random: Random): string {
  const alphabet = 'aZ9 -_.%/\\"\'\u0000\u00e9\u0915\ud83d\ude00\ud800';
  let text = '';
  const length = random.int(40);
  for (let i = 0; i < length; i += 1) text += alphabet[random.int(alphabet.length)];
  return text;
}

function hostileValue(random: Random, schema: Schema | undefined, depth = 0): unknown {
  const roll = random.next();
  if (roll < 0.55 || depth > 2) return random.pick(HOSTILE_VALUES);
  if (roll < 0.65) return randomString(random);
  if (roll < 0.75 && schema?.enum?.length) return random.pick(schema.enum);
  if (roll < 0.85 && schema?.properties) return hostileObject(random, schema, depth + 1);
  if (schema?.items) return [hostileValue(random, schema.items, depth + 1)];
  return random.pick(HOSTILE_VALUES);
}

/** An object with some of the documented fields, each missing or wrong, and a stray one. */
function hostileObject(random: Random, schema: Schema | undefined, depth = 0) {
  const body: Record<string, unknown> = {};
  const properties = schema?.properties ?? {};
  for (const [key, child] of Object.entries(properties)) {
    if (random.next() < 0.3) continue;
    body[key] = hostileValue(random, child, depth);
  }
  if (random.next() < 0.2) body[randomString(random) || 'x'] = random.pick(HOSTILE_VALUES);
  return body;
}

function hostileBody(random: Random, schema: Schema | undefined): unknown {
  const roll = random.next();
  if (roll < 0.1) return random.pick(HOSTILE_VALUES);
  const properties = schema?.properties ?? schema?.anyOf?.find((s) => s.properties);
  return hostileObject(random, properties ?? schema);
}

/** A query string of the documented parameters (and a stray one), values raw or encoded. */
function hostileQuery(random: Random, names: string[]): string {
  const parts: string[] = [];
  for (const name of [...names, 'bogus']) {
    if (random.next() < 0.4) continue;
    const roll = random.next();
    const value =
      roll < 0.5
        ? random.pick(HOSTILE_PATH_VALUES)
        : encodeURIComponent(String(random.pick(HOSTILE_VALUES)).replace(/[\ud800-\udfff]/g, ''));
    parts.push(`${name}=${value}`);
  }
  if (random.next() < 0.1) parts.push('page=1&page=2');
  return parts.length ? `?${parts.join('&')}` : '';
}

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs') || SKIPPED.test(path)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

let t: TestApp;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const branch = await createBranch(t.db, { name: 'Kothrud' });
  const manager = await createUser(t.db, 'manager', { branchId: branch.id });
  const technician = await createUser(t.db, 'technician', { branchId: branch.id });
  sessions.admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  sessions.manager = await loginAs(t.app, manager.username, manager.password);
  sessions.technician = await loginAs(t.app, technician.username, technician.password);
});
afterAll(() => t.close());

describe('fuzz: every route, every role', () => {
  it('never answers 5xx, always in the envelope, and a refused write changes nothing', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operations = operationsOf(JSON.parse(docs.body));
    expect(operations.length).toBeGreaterThan(50);
    const random = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    let refusedWrites = 0;
    const statuses: Record<number, number> = {};
    let digest = await dataDigest(t.db);
    const started = Date.now();

    for (const operation of operations) {
      for (const [role, cookie] of Object.entries(sessions)) {
        for (let i = 0; i < PER_OPERATION_AND_ROLE; i += 1) {
          const url =
            operation.path.replace(/\{[^}]+\}/g, () => random.pick(HOSTILE_PATH_VALUES)) +
            hostileQuery(random, operation.query);
          const write = operation.method !== 'GET';
          const payload = write ? JSON.stringify(hostileBody(random, operation.body)) : undefined;
          let response: LightMyRequestResponse;
          try {
            response = await t.app.inject({
              method: operation.method as 'GET',
              url,
              headers: { cookie, ...(write ? { 'content-type': 'application/json' } : {}) },
              ...(payload !== undefined ? { payload } : {}),
            });
          } catch (error) {
            failures.push(`${role} ${operation.method} ${url}: threw ${String(error)}`);
            continue;
          }
          sent += 1;
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          const what = `${role} ${operation.method} ${url} ${payload?.slice(0, 300) ?? ''}`;
          if (response.statusCode >= 500) {
            failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          } else if (
            response.statusCode >= 400 &&
            response.headers['content-type']?.toString().includes('json')
          ) {
            const body = JSON.parse(response.body) as { success?: unknown; message?: unknown };
            if (body.success !== false || typeof body.message !== 'string')
              failures.push(`${what} → ${response.statusCode} outside the envelope`);
          }
          if (!write) continue;
          const after = await dataDigest(t.db);
          if (response.statusCode >= 400) {
            refusedWrites += 1;
            if (after !== digest)
              failures.push(`${what} → ${response.statusCode} but data changed`);
          }
          digest = after;
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `fuzz: ${sent} requests over ${operations.length} operations × 3 roles, ${refusedWrites} refused writes checked, ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    // The sessions stayed alive: most answers are validation refusals, not 401s.
    expect(statuses[401] ?? 0).toBeLessThan(sent / 10);
  }, 240_000);
});

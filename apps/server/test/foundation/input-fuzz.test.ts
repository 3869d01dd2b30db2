import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBranchTeam, createStartedOrder, SIGNATURE_PNG } from '@karya/test-factories';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOUNDARY,
  brokenForms,
  filesUnder,
  formType,
  type RawFile,
  rawForm,
  UNSAFE_FIELD_BYTES,
} from '../helpers/broken-forms';
import { dataDigest } from '../helpers/data-digest';
import { createBranch, createUser } from '../helpers/factories';
import { client } from '../helpers/http';
import {
  corruptPngs,
  detailedPng,
  phonePhoto,
  TINY_JPEG,
  TINY_PNG,
} from '../helpers/image-fixtures';
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
 *
 * Issue 33: the same for the multipart upload routes (job photos, signatures), whose bodies
 * the JSON fuzz cannot reach: broken forms (cut short, LF or CR line endings, no boundary or
 * another one), NUL, lone surrogates and broken UTF-8 in every text field, corrupt images,
 * stray parts and random byte flips. A refused upload must also leave the storage's files as
 * they were, and each body broken on purpose must be refused (4xx), never stored.
 */

const SEED = 16_2026;
/** Requests per operation and role: about 85 operations × 3 roles × this. */
const PER_OPERATION_AND_ROLE = 10;
/**
 * Operations that would end the fuzzing session or wipe the database on an accidental match,
 * and the live events stream, which never ends (its own tests, test/live-events, fuzz its
 * Last-Event-ID).
 */
const SKIPPED = /logout|reset|restore|^\/api\/events$/i;

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
let dataDir: string;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  // Its own storage: the upload routes write files, and a refused upload must write none.
  dataDir = await mkdtemp(join(tmpdir(), 'karya-fuzz-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const branch = await createBranch(t.db, { name: 'Kothrud' });
  const manager = await createUser(t.db, 'manager', { branchId: branch.id });
  const technician = await createUser(t.db, 'technician', { branchId: branch.id });
  sessions.admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  sessions.manager = await loginAs(t.app, manager.username, manager.password);
  sessions.technician = await loginAs(t.app, technician.username, technician.password);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

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

/** Bytes no text field may hold; beside the shared list, what a UTF-8 encoder writes for half a pair. */
const FUZZ_FIELD_BYTES: readonly [string, Buffer][] = [
  ...UNSAFE_FIELD_BYTES,
  ['a lone surrogate as a UTF-8 encoder writes it (U+FFFD)', Buffer.from('a\ud800', 'utf8')],
];

/** Bodies per upload route beyond the fixed cases, each from the seeded generator. */
const FORMS_PER_ROUTE = 200;

interface UploadRoute {
  url: string;
  fields: (orderId: string) => Record<string, string>;
  file: RawFile;
}

interface FormCase {
  what: string;
  payload: Buffer;
  contentType: string;
  /** A body broken on purpose: it must be refused (4xx). */
  mustRefuse: boolean;
}

/** Parts a form should not have, spliced in before the closing delimiter. */
const STRAY_PARTS: readonly [string, string, boolean][] = [
  [
    'a second file',
    `Content-Disposition: form-data; name="file2"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n${TINY_PNG.toString('latin1')}`,
    true,
  ],
  ['a field named __proto__', 'Content-Disposition: form-data; name="__proto__"\r\n\r\nx', true],
  [
    'a field named constructor',
    'Content-Disposition: form-data; name="constructor"\r\n\r\nx',
    true,
  ],
  [
    'eleven more fields',
    Array.from(
      { length: 11 },
      (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx`,
    ).join(`\r\n--${BOUNDARY}\r\n`),
    true,
  ],
  ['a part without Content-Disposition', 'Content-Type: text/plain\r\n\r\nx', false],
  [
    'a JSON part',
    'Content-Disposition: form-data; name="caption"\r\nContent-Type: application/json\r\n\r\n{"a":',
    false,
  ],
  [
    'a field of 5,000 bytes',
    `Content-Disposition: form-data; name="bogus"\r\n\r\n${'y'.repeat(5000)}`,
    false,
  ],
  [
    'a part with a NUL in its name',
    'Content-Disposition: form-data; name="a\u0000b"\r\n\r\nx',
    true,
  ],
];

function withStrayPart(good: Buffer, part: string): Buffer {
  const closing = good.lastIndexOf(Buffer.from(`--${BOUNDARY}--`));
  return Buffer.concat([
    good.subarray(0, closing),
    Buffer.from(`--${BOUNDARY}\r\n${part}\r\n`, 'latin1'),
    good.subarray(closing),
  ]);
}

/** The fixed cases: each broken form, each unsafe text in each field, each corrupt image. */
function fixedCases(route: UploadRoute, orderId: string, corrupt: [string, Buffer][]): FormCase[] {
  const fields = route.fields(orderId);
  const cases: FormCase[] = brokenForms(fields, route.file).map(([what, payload, contentType]) => ({
    what,
    payload,
    contentType,
    mustRefuse: true,
  }));
  for (const name of Object.keys(fields)) {
    for (const [what, bytes] of FUZZ_FIELD_BYTES) {
      const value = Buffer.concat([Buffer.from(fields[name] ?? ''), bytes]);
      cases.push({
        what: `${what} in ${name}`,
        payload: rawForm({ ...fields, [name]: value }, route.file),
        contentType: formType(),
        mustRefuse: true,
      });
    }
  }
  for (const [what, bytes] of corrupt) {
    cases.push({
      what,
      payload: rawForm(fields, { ...route.file, bytes }),
      contentType: formType(),
      mustRefuse: true,
    });
  }
  for (const [what, part, mustRefuse] of STRAY_PARTS) {
    cases.push({
      what,
      payload: withStrayPart(rawForm(fields, route.file), part),
      contentType: formType(),
      mustRefuse,
    });
  }
  return cases;
}

/** A seeded form: a good one broken one way, or (now and then) left whole. */
function randomCase(
  random: Random,
  route: UploadRoute,
  orderId: string,
  corrupt: [string, Buffer][],
): FormCase {
  const fields = route.fields(orderId);
  const good = rawForm(fields, route.file);
  const roll = random.int(8);
  if (roll === 0) {
    // Anything short of the closing delimiter's last two dashes is an incomplete form.
    const at = random.int(good.length - 2);
    return {
      what: `cut at ${at}`,
      payload: good.subarray(0, at),
      contentType: formType(),
      mustRefuse: true,
    };
  }
  if (roll === 1) {
    const newline = random.pick(['\n', '\r', '\n\r']);
    return {
      what: `line endings ${JSON.stringify(newline)}`,
      payload: rawForm(fields, route.file, newline),
      contentType: formType(),
      mustRefuse: true,
    };
  }
  if (roll === 2) {
    const [contentType, mustRefuse] = random.pick<[string, boolean]>([
      ['multipart/form-data', true],
      ['multipart/form-data; boundary=', true],
      [formType(`${BOUNDARY}x`), true],
      [formType(BOUNDARY.slice(0, -1)), true],
      [formType(BOUNDARY.toUpperCase()), true],
      [`multipart/form-data; boundary="${BOUNDARY}"`, false],
      [`multipart/form-data; charset=utf-8; boundary=${BOUNDARY}`, false],
      [`multipart/mixed; boundary=${BOUNDARY}`, true],
      ['text/plain', true],
    ]);
    return { what: `content type ${contentType}`, payload: good, contentType, mustRefuse };
  }
  if (roll === 3) {
    const names = Object.keys(fields);
    const name = random.pick(names);
    const [what, bytes] = random.pick(FUZZ_FIELD_BYTES);
    const value = Buffer.from(fields[name] ?? '');
    const at = random.int(value.length + 1);
    const broken = Buffer.concat([value.subarray(0, at), bytes, value.subarray(at)]);
    return {
      what: `${what} at ${at} in ${name}`,
      payload: rawForm({ ...fields, [name]: broken }, route.file),
      contentType: formType(),
      mustRefuse: true,
    };
  }
  if (roll === 4) {
    const [what, bytes] = random.pick(corrupt);
    return {
      what,
      payload: rawForm(fields, { ...route.file, bytes }),
      contentType: formType(),
      mustRefuse: true,
    };
  }
  if (roll === 5) {
    const [what, part, mustRefuse] = random.pick(STRAY_PARTS);
    return { what, payload: withStrayPart(good, part), contentType: formType(), mustRefuse };
  }
  if (roll === 6) {
    // Random bytes flipped anywhere: a form that may or may not still parse.
    const payload = Buffer.from(good);
    const flips = 1 + random.int(4);
    const at: number[] = [];
    for (let i = 0; i < flips; i += 1) {
      const where = random.int(payload.length);
      at.push(where);
      payload[where] = random.int(256);
    }
    return {
      what: `bytes changed at ${at.join(', ')}`,
      payload,
      contentType: formType(),
      mustRefuse: false,
    };
  }
  return { what: 'the form whole', payload: good, contentType: formType(), mustRefuse: false };
}

describe('fuzz: the upload forms (issue 33)', () => {
  let technicianCookie: string;
  let orderId: string;
  beforeAll(async () => {
    const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
    const team = await createBranchTeam(admin, { branch: { name: 'Aundh' } });
    const [technician] = team.technicians;
    const order = await createStartedOrder(team.manager.api, technician);
    orderId = order.orderId;
    technicianCookie = await loginAs(t.app, technician.username, technician.password);
  }, 60_000);

  it('never answers 5xx, refuses each broken form, and a refused upload stores no row and no file', async () => {
    const png = await detailedPng();
    const phone = await phonePhoto(300, 200);
    const corrupt: [string, Buffer][] = [
      ...corruptPngs(png),
      ['half a JPEG', phone.subarray(0, Math.floor(phone.length / 2))],
      ['an empty file', Buffer.alloc(0)],
      ['text named as an image', Buffer.from('not an image at all')],
    ];
    const routes: UploadRoute[] = [
      {
        url: '/api/work-order-photos',
        fields: (id) => ({ orderId: id, stage: 'during', caption: 'Wall by the gate' }),
        file: { name: 'photo.jpg', type: 'image/jpeg', bytes: TINY_JPEG },
      },
      {
        url: '/api/work-order-signature',
        fields: (id) => ({ orderId: id, signerName: 'Asha Kulkarni' }),
        file: { name: 'signature.png', type: 'image/png', bytes: Buffer.from(SIGNATURE_PNG) },
      },
    ];
    const random = generator(SEED + 33);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;
    let refused = 0;
    let brokenOnPurpose = 0;
    const everything = async () =>
      `${await dataDigest(t.db)}\n${(await filesUnder(dataDir)).join('\n')}`;
    let before = await everything();

    for (const route of routes) {
      const cases = fixedCases(route, orderId, corrupt);
      for (let i = 0; i < FORMS_PER_ROUTE; i += 1)
        cases.push(randomCase(random, route, orderId, corrupt));
      for (const form of cases) {
        const what = `${route.url} ${form.what}`;
        let response: LightMyRequestResponse;
        try {
          response = await t.app.inject({
            method: 'POST',
            url: route.url,
            payload: form.payload,
            headers: { cookie: technicianCookie, 'content-type': form.contentType },
          });
        } catch (error) {
          failures.push(`${what}: threw ${String(error)}`);
          continue;
        }
        sent += 1;
        if (form.mustRefuse) brokenOnPurpose += 1;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const after = await everything();
        if (response.statusCode >= 500) {
          failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400) {
          refused += 1;
          const body = JSON.parse(response.body) as { success?: unknown; message?: unknown };
          if (body.success !== false || typeof body.message !== 'string')
            failures.push(`${what} → ${response.statusCode} outside the envelope`);
          if (after !== before)
            failures.push(`${what} → ${response.statusCode} but data or files changed`);
        } else if (form.mustRefuse) {
          failures.push(`${what} → ${response.statusCode}: a broken form was taken`);
        }
        before = after;
      }
    }
    console.info(
      `fuzz (uploads): ${sent} multipart bodies over ${routes.length} routes, ${brokenOnPurpose} broken on purpose, ${refused} refused and checked, answers ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThan(2 * FORMS_PER_ROUTE);
    // The technician's session and order held: some forms were taken.
    expect(statuses[200] ?? 0).toBeGreaterThan(0);
  }, 240_000);
});

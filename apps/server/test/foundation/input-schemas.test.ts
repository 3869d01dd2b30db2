import { INPUT_NUMBER_MESSAGES, isStrictIsoDate } from '@karya/domain/input';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDigest } from '../helpers/data-digest';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 16 §4 and §7: numbers and dates go through the shared building blocks of
 * packages/domain/src/input.ts on every route. Out-of-range and wrong-typed values are a 400
 * with a clear message and change nothing.
 */

let t: TestApp;
let admin: Client;
let manager: Client;
let technician: Client;
let technicianId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const branch = await createBranch(t.db, { name: 'Kothrud' });
  const m = await createUser(t.db, 'manager', { branchId: branch.id });
  const tech = await createUser(t.db, 'technician', { branchId: branch.id });
  technicianId = tech.id;
  manager = client(t.app, await loginAs(t.app, m.username, m.password));
  technician = client(t.app, await loginAs(t.app, tech.username, tech.password));
});
afterAll(() => t.close());

const snapshot = () => dataDigest(t.db);

const messageOf = (r: { body: string }) => (JSON.parse(r.body) as { message: string }).message;

let seq = 0;
const uid = () => {
  seq += 1;
  return `${Date.now()}${seq}`;
};

async function genericItem() {
  const created = await admin.post('/api/create-inventory', {
    id: `ITEM-${uid()}`,
    type: 'generic-product',
    name: `Cable ${uid()}`,
    unit: 'Piece',
    warranty: '1 year',
    mrp: 100,
    purchasePrice: 50,
    salePrice: 80,
  });
  expect(created.statusCode, created.body).toBe(200);
  return (JSON.parse(created.body) as { data: { _id: string } }).data._id;
}

/** Sends `send`, expects a 400 in the envelope, and that no table changed. */
async function refused(send: () => Promise<{ statusCode: number; body: string }>) {
  const before = await snapshot();
  const response = await send();
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({ success: false });
  expect(messageOf(response).length).toBeGreaterThan(0);
  expect(await snapshot()).toBe(before);
  return messageOf(response);
}

describe('out-of-range numbers (§4)', () => {
  it('refuses age 2147483648 on a lead and a customer', async () => {
    for (const url of ['/api/create-Lead', '/api/create-customer']) {
      await refused(() =>
        manager.post(url, {
          name: 'Asha Rao',
          phoneNumber: `+9198${String(Date.now()).slice(-8)}`,
          age: 2147483648,
          projectType: 'solar',
          initialRemark: { text: 'Wants a quote', status: 'neutral' },
        }),
      );
    }
  });

  it('refuses quantity 2147483648 on add-stock, assign, return and bill lines', async () => {
    const itemId = await genericItem();
    const huge = 2147483648;
    expect(
      await refused(() =>
        manager.post('/api/add-stock', {
          itemId,
          quantity: huge,
          date: '2026-11-20',
          remark: 'Purchase',
        }),
      ),
    ).toBe(INPUT_NUMBER_MESSAGES.tooLarge(1_000_000));
    await refused(() =>
      manager.post('/api/assign-inventory-technician', { technicianId, itemId, quantity: huge }),
    );
    await refused(() =>
      technician.post('/api/return-inventory', { itemId, type: 'generic-product', quantity: huge }),
    );
    await refused(() =>
      technician.post('/api/create-bill', {
        customerId: '00000000-0000-4000-8000-000000000000',
        orderId: 'WO-1',
        items: [{ itemId, quantity: huge }],
      }),
    );
  });

  it('refuses a price of 1e20 on create-inventory and update-inventory', async () => {
    await refused(() =>
      admin.post('/api/create-inventory', {
        type: 'generic-product',
        name: `Panel ${uid()}`,
        mrp: 1e20,
        purchasePrice: 1,
        salePrice: 1,
      }),
    );
    const itemId = await genericItem();
    await refused(() =>
      admin.post(`/api/update-inventory/${itemId}`, {
        name: 'x',
        mrp: 1,
        purchasePrice: 1,
        salePrice: 1e20,
      }),
    );
  });

  it('refuses add-stock dates out of range or not dates at all, never reading them as today', async () => {
    const itemId = await genericItem();
    for (const date of ['-000001-01-01T00:00:00Z', 'not a date', '2026-02-30', '1899-12-31']) {
      expect(
        await refused(() =>
          manager.post('/api/add-stock', { itemId, quantity: 1, date, remark: 'Purchase' }),
        ),
      ).toBe(INPUT_NUMBER_MESSAGES.invalidDate);
    }
    const fine = await manager.post('/api/add-stock', {
      itemId,
      quantity: 2,
      remark: 'Purchase',
      date: '2026-11-20T10:30:00.000Z',
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('numbers only as JSON numbers (§7)', () => {
  it('refuses quantity "0x10", true, [5] and "1e3" and moves nothing', async () => {
    const itemId = await genericItem();
    const stocked = await manager.post('/api/add-stock', {
      itemId,
      quantity: 50,
      remark: 'Purchase',
    });
    expect(stocked.statusCode, stocked.body).toBe(200);
    for (const quantity of ['0x10', true, [5], '1e3', '16', 1.5, -1]) {
      const message = await refused(() =>
        manager.post('/api/assign-inventory-technician', { technicianId, itemId, quantity }),
      );
      expect(message).toBe(INVENTORY_MESSAGES.quantityMin);
      await refused(() => manager.post('/api/add-stock', { itemId, quantity, remark: 'Purchase' }));
    }
    const moved = await manager.post('/api/assign-inventory-technician', {
      technicianId,
      itemId,
      quantity: 16,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses an age or a price given as text', async () => {
    await refused(() =>
      manager.post('/api/create-Lead', {
        name: 'Asha Rao',
        phoneNumber: '+919800000001',
        age: '1e3',
        initialRemark: { text: 'Wants a quote', status: 'neutral' },
      }),
    );
    await refused(() =>
      admin.post('/api/create-inventory', {
        type: 'service',
        name: `Install ${uid()}`,
        salePrice: '0x10',
      }),
    );
    await refused(() =>
      admin.post('/api/create-inventory', {
        type: 'service',
        name: `Fix ${uid()}`,
        salePrice: 1.005,
      }),
    );
  });

  it('takes query-string numbers only as plain digits', async () => {
    for (const page of ['0x10', '1e3', '-1', '1.5', '', ' 2', '99999999999']) {
      const r = await admin.get(`/api/get-all-customers?page=${encodeURIComponent(page)}`);
      expect(r.statusCode, `${page}: ${r.body}`).toBe(400);
    }
    expect((await admin.get('/api/get-all-customers?page=2&pageSize=10')).statusCode).toBe(200);
  });

  it('validates a list of statuses in the query', async () => {
    expect((await admin.get('/api/get-work-orders?status=bogus')).statusCode).toBe(400);
    expect((await admin.get('/api/get-work-orders?status=pending,bogus')).statusCode).toBe(400);
    expect(
      (await admin.get('/api/get-work-orders?status=pending,%20assigned,all')).statusCode,
    ).toBe(200);
  });
});

describe('strict dates', () => {
  it('accepts ISO dates and date-times in 1900..2100 only', () => {
    for (const ok of [
      '2026-11-20',
      '2026-11-20T10:30:00Z',
      '2026-11-20T10:30:00.123+05:30',
      '1900-01-01',
    ])
      expect(isStrictIsoDate(ok), ok).toBe(true);
    for (const bad of [
      '-000001-01-01T00:00:00Z',
      'not a date',
      '2101-01-01',
      '2026-13-01',
      '20261120',
      'Nov 20 2026',
      '2026-11-20T25:00',
    ])
      expect(isStrictIsoDate(bad), bad).toBe(false);
  });
});

interface JsonSchema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
}

/**
 * The route walk. Every input field of every operation in the OpenAPI document (request body,
 * query string, path) obeys these rules, which is what the shared building blocks produce and a
 * raw z.number() / z.coerce / a free date string does not:
 *  1. a number (JSON type number or integer) has both a minimum and a maximum;
 *  2. a query or path parameter is never typed as a number: query numbers are strings of
 *     plain digits (a pattern), so a raw z.coerce.number() there fails;
 *  3. a field named like a number (quantity, age, price, amount, page, limit, offset…) is a
 *     bounded number or a pattern-checked string, never a free string (a field with no type at
 *     all is one the server accepts and ignores, like a bill line's price);
 *  4. a field named like a date (date, from, to, …Date) is a pattern-checked string;
 *  5. a query parameter named like a choice (status, type, role, kind) is an enum.
 * Free text (names, remarks) is left to the input guard (NUL, surrogates) and the body limit.
 */
const NUMERIC_NAME =
  /^(quantity|age|mrp|purchasePrice|salePrice|price|paidAmount|page|pageSize|limit|offset|count)$/;
const ENUM_NAME = /^(status|type|role|kind)$/;
const DATE_NAME = /^(date|from|to|startDate|endDate|[a-z]*Date)$/;

function problemsOf(
  document: { components?: { schemas?: Record<string, JsonSchema> } },
  schema: JsonSchema | undefined,
  path: string,
  where: 'body' | 'query' | 'path',
  name: string,
  out: string[],
  depth = 0,
) {
  if (!schema || depth > 20) return;
  if (schema.$ref) {
    const key = schema.$ref.split('/').pop() ?? '';
    problemsOf(document, document.components?.schemas?.[key], path, where, name, out, depth + 1);
    return;
  }
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const alternative of alternatives)
    problemsOf(document, alternative, path, where, name, out, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const isNumber = types.includes('number') || types.includes('integer');
  if (isNumber) {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    if (low === undefined || high === undefined || Math.abs(high) > 2 ** 53)
      out.push(`${path}: an unbounded number`);
    if (where !== 'body') out.push(`${path}: a number in the ${where} (use queryInt)`);
  }
  const leaf = alternatives.length === 0 && !schema.properties && !schema.items;
  const constrained =
    schema.pattern !== undefined || schema.enum !== undefined || schema.const !== undefined;
  if (
    leaf &&
    NUMERIC_NAME.test(name) &&
    !isNumber &&
    !constrained &&
    types.length > 0 &&
    !types.includes('null')
  )
    out.push(`${path}: a number field typed ${types.join('|') || 'any'} without a pattern`);
  if (leaf && DATE_NAME.test(name) && types.includes('string') && !constrained)
    out.push(`${path}: a date typed as a free string`);
  if (leaf && where === 'query' && ENUM_NAME.test(name) && !constrained && !types.includes('null'))
    out.push(`${path}: a choice in the query that is not an enum`);
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    problemsOf(document, child, `${path}.${key}`, where, key, out, depth + 1);
  if (schema.items) problemsOf(document, schema.items, `${path}[]`, where, name, out, depth + 1);
  if (typeof schema.additionalProperties === 'object')
    problemsOf(document, schema.additionalProperties, `${path}{}`, where, name, out, depth + 1);
}

describe('every route uses the building blocks', () => {
  it('has no unbounded number, numeric query, or free number/date field in any input', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; schema?: JsonSchema }[];
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          }
        >
      >;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const problems: string[] = [];
    let fields = 0;
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const at = `${method.toUpperCase()} ${url}`;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query' && parameter.in !== 'path') continue;
          fields += 1;
          problemsOf(
            document,
            parameter.schema,
            `${at} ${parameter.in}.${parameter.name}`,
            parameter.in === 'query' ? 'query' : 'path',
            parameter.name,
            problems,
          );
        }
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (body) {
          fields += 1;
          problemsOf(document, body, `${at} body`, 'body', '', problems);
        }
      }
    }
    expect(fields).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});

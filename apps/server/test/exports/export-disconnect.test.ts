import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_ROWS, exportPages } from '../../src/modules/exports/export-rows';
import { createBranch } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * A client that leaves mid-download (issue 36): the export reads no further page, and the
 * server goes on answering. Customers are seeded in one statement, several pages' worth.
 */

let t: TestApp;
let cookie: string;
let base: string;
const CUSTOMERS = EXPORT_PAGE_ROWS * 3 + 7;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
  const branch = await createBranch(t.db, { name: 'Kothrud' });
  await t.db.execute(sql`
    insert into customers (name, phone_number, phone_normalized, phone_national, branch_id)
    select 'Customer ' || g, '+91' || (9000000000 + g), '+91' || (9000000000 + g),
           (9000000000 + g)::text, ${branch.id}::uuid
    from generate_series(1, ${CUSTOMERS}::int) g`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The export's first bytes, then the connection dropped as a closed browser tab drops it. */
function downloadAndLeave(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { cookie } }, (response) => {
      response.once('data', (chunk: Buffer) => {
        req.destroy();
        resolve(chunk.length);
      });
      response.once('error', () => {});
    });
    req.once('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

describe('an export the client leaves', () => {
  it('reads every page when read to the end, and no page after the reader stops', async () => {
    const all = new AbortController();
    let rows = 0;
    for await (const page of exportPages({
      db: t.db,
      kind: 'customers',
      branchId: undefined,
      signal: all.signal,
    })) {
      rows += page.length;
    }
    expect(rows).toBe(CUSTOMERS);

    const left = new AbortController();
    let pages = 0;
    for await (const _page of exportPages({
      db: t.db,
      kind: 'customers',
      branchId: undefined,
      signal: left.signal,
    })) {
      pages += 1;
      left.abort();
    }
    expect(pages).toBe(1);
  });

  it('answers the next request after clients leave an xlsx, a csv and a zip mid-stream', async () => {
    for (const format of [
      'kind=customers&format=xlsx',
      'kind=customers&format=csv',
      'kind=all&format=zip',
    ]) {
      expect(await downloadAndLeave(`/api/export?${format}`)).toBeGreaterThan(0);
    }
    const whole = await fetch(`${base}/api/export?kind=customers&format=csv`, {
      headers: { cookie },
    });
    expect(whole.status).toBe(200);
    const lines = (await whole.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + CUSTOMERS);
  });
});

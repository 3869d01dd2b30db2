import { type UnitEvent, unitRecordSchema } from '@karya/domain/warranty-schemas';
import { createBranchTeam, createItem, stockIn, unique } from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 39 item 21: Add Stock's date field gives a date alone; the unit's record then showed
 * a time nobody entered ('12:00 am'). Its stock-in event says it has a date only, and an
 * entry given a real time keeps it.
 */

let t: TestApp;
let admin: Client;
let manager: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  manager = (await createBranchTeam(admin, { branch: { name: 'Aundh' } })).manager.api;
});
afterAll(() => t.close());

async function stockInEvent(serial: string): Promise<UnitEvent | undefined> {
  const response = await manager.get(`/api/serial-number-record/${serial}`);
  expect(response.statusCode, response.body).toBe(200);
  const record = unitRecordSchema.parse(response.json().data);
  return record.events.find((event) => event.kind === 'stock-in');
}

describe('the date of a stock entry', () => {
  it('is the date alone when Add Stock gave only a date, and keeps a real time otherwise', async () => {
    const item = await createItem(admin, 'serialized-product');
    const dated = unique('SN-D-');
    const timed = unique('SN-T-');
    const unstamped = unique('SN-N-');
    await stockIn(manager, item._id, { serials: [dated] }, { date: '2026-11-20' });
    await stockIn(manager, item._id, { serials: [timed] }, { date: '2026-11-20T14:30:00+05:30' });
    const before = Date.now();
    await stockIn(manager, item._id, { serials: [unstamped] }, { date: '' });

    const dateOnly = await stockInEvent(dated);
    expect(dateOnly).toMatchObject({ at: '2026-11-20T00:00:00.000Z', dateOnly: true });

    const withTime = await stockInEvent(timed);
    expect(withTime?.at).toBe('2026-11-20T09:00:00.000Z');
    expect(withTime?.dateOnly).toBeUndefined();

    // No date: the moment it was entered, a real time.
    const now = await stockInEvent(unstamped);
    expect(Date.parse(now?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(now?.dateOnly).toBeUndefined();
  });
});

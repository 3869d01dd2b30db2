import { createBranchTeam } from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The test clock the browser journeys move (issue 23, decision 035): present only with
 * KARYA_TEST_CLOCK=1, for admins only, and the AMC settings it is read with.
 */

describe('the AMC settings', () => {
  it('default to a 7-day lead time and a run every 15 minutes, without a test clock', () => {
    expect(loadConfig({}).amc).toEqual({ leadDays: 7, schedulerMinutes: 15, testClock: false });
    expect(
      loadConfig({ AMC_LEAD_DAYS: '3', AMC_SCHEDULER_MINUTES: '0', KARYA_TEST_CLOCK: '1' }).amc,
    ).toEqual({ leadDays: 3, schedulerMinutes: 0, testClock: true });
  });

  it('refuse a lead time or interval that is not a whole number in range', () => {
    for (const env of [
      { AMC_LEAD_DAYS: 'seven' },
      { AMC_LEAD_DAYS: '-1' },
      { AMC_LEAD_DAYS: '91' },
      { AMC_SCHEDULER_MINUTES: '1.5' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});

describe('POST /api/test-clock with KARYA_TEST_CLOCK=1', () => {
  let t: TestApp;
  let admin: Client;
  let manager: Client;

  beforeAll(async () => {
    t = await createTestApp({ KARYA_TEST_CLOCK: '1' });
    admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
    manager = (await createBranchTeam(admin, { technicians: [] })).manager.api;
  });
  afterAll(() => t.close());

  it('sets the day the server takes as today, for admins only', async () => {
    const set = await admin.post('/api/test-clock', { now: '2026-04-08' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ today: '2026-04-08', opened: 0 });
    const offer = await manager.get('/api/amc-settings');
    expect(offer.statusCode).toBe(200);
    const overdue = await manager.get('/api/amc-overdue-visits');
    expect(overdue.statusCode).toBe(200);

    expect((await manager.post('/api/test-clock', { now: '2026-04-09' })).statusCode).toBe(403);
    const bad = await admin.post('/api/test-clock', { now: 'next tuesday' });
    expect(bad.statusCode).toBe(400);
    const again = await admin.post('/api/test-clock', { now: '2026-04-10T06:00:00Z' });
    expect(again.json().data.today).toBe('2026-04-10');
    const real = await admin.post('/api/test-clock', { now: null });
    expect(real.statusCode).toBe(200);
    expect(real.json().data.today).not.toBe('2026-04-10');
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { workOrders } from '../../src/db/schema';
import { createCustomer } from '../dashboard/work-order-seed';
import { createBranch, createUser } from '../helpers/factories';
import { openTestDatabase } from '../helpers/test-database';

let database: DatabaseHandle;
let branchId: string;
let otherBranchId: string;
let technician: { id: string; name: string };

const HOUR = 60 * 60 * 1000;
const start = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const branch = await createBranch(db);
  const other = await createBranch(db);
  branchId = branch.id;
  otherBranchId = other.id;
  const tech = await createUser(db, 'technician', {
    branchId,
    firstName: 'Ravi',
    lastName: 'Kumar',
  });
  technician = { id: tech.id, name: 'Ravi Kumar' };
  const customer = await createCustomer(db, branchId, 'Meera Joshi');
  const otherCustomer = await createCustomer(db, otherBranchId, 'Elsewhere');

  // Hour n: 40 orders of the branch in a status mix, newest last, plus newer ones elsewhere.
  const statusOf = (n: number): WorkOrderStatus =>
    n === 37 ? 'in-progress' : n % 3 === 0 ? 'completed' : n % 5 === 0 ? 'assigned' : 'pending';
  const rows = Array.from({ length: 40 }, (_, n) => ({
    orderId: `WO-CEIL-${n}`,
    projectId: `PRJ-CEIL-${n}`,
    projectType: 'CCTV Camera',
    branchId,
    customerId: customer.id,
    status: statusOf(n),
    technicianId: statusOf(n) === 'pending' ? null : technician.id,
    createdAt: new Date(start + n * HOUR),
  }));
  const elsewhere = Array.from({ length: 5 }, (_, n) => ({
    orderId: `WO-ELSE-${n}`,
    projectId: `PRJ-ELSE-${n}`,
    projectType: 'CCTV Camera',
    branchId: otherBranchId,
    customerId: otherCustomer.id,
    status: 'pending' as const,
    technicianId: null,
    createdAt: new Date(start + (100 + n) * HOUR),
  }));
  await db.insert(workOrders).values([...rows, ...elsewhere]);
});
afterAll(() => database.close());

function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'karya-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Karya SPA</title>');
  return dir;
}

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const { app } = await buildApp(loadConfig(env), { database, logger: false });
  await app.ready();
  return app;
}

describe('the bench ceilings (issue 17)', () => {
  it('are absent without BENCH_CEILINGS, with or without the web app', async () => {
    for (const env of [{ WEB_DIST: '/nonexistent' }, { WEB_DIST: fakeWebDist() }]) {
      const app = await appWith(env);
      for (const url of [
        '/api/bench/select-1',
        `/api/bench/hand-written-page?branch=${branchId}`,
        `/api/bench/hand-written-page?branch=${branchId}&prepared=1`,
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('WO-CEIL');
      }
      await app.close();
    }
  });

  describe('with BENCH_CEILINGS=1', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await appWith({ WEB_DIST: '/nonexistent', BENCH_CEILINGS: '1' });
    });
    afterAll(() => app.close());

    it('answers SELECT 1 without a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/bench/select-1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: 1, message: '' });
    });

    it('answers one page of 25 pending and in-progress orders of the branch, newest first, with the names', async () => {
      const expected = Array.from({ length: 40 }, (_, n) => n)
        .filter((n) => n === 37 || (n % 3 !== 0 && n % 5 !== 0))
        .reverse()
        .slice(0, 25)
        .map((n) => `WO-CEIL-${n}`);
      for (const prepared of ['', '&prepared=1', '&prepared=1']) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/bench/hand-written-page?branch=${branchId}${prepared}`,
        });
        expect(response.statusCode).toBe(200);
        const { success, data } = response.json() as {
          success: boolean;
          data: {
            orderId: string;
            status: string;
            customerName: string;
            technicianName: string | null;
          }[];
        };
        expect(success).toBe(true);
        expect(data.map((row) => row.orderId)).toEqual(expected);
        expect(new Set(data.map((row) => row.customerName))).toEqual(new Set(['Meera Joshi']));
        const inProgress = data.find((row) => row.orderId === 'WO-CEIL-37');
        expect(inProgress).toMatchObject({
          status: 'in-progress',
          technicianName: technician.name,
        });
        expect(data.find((row) => row.orderId === 'WO-CEIL-38')?.technicianName).toBeNull();
      }
    });

    it('refuses a branch that is not an id', async () => {
      const response = await app.inject({
        method: 'GET',
        url: "/api/bench/hand-written-page?branch=x'--",
      });
      expect(response.statusCode).toBe(400);
    });
  });
});

import { CONTACT_MESSAGES } from '@karya/domain/contact-schemas';
import { WARRANTY_OPTIONS } from '@karya/domain/warranty';
import {
  WARRANTY_MESSAGES as M,
  type Replacement,
  replacementSchema,
  unitRecordSchema,
  type WarrantyStatus,
  warrantyStatusSchema,
} from '@karya/domain/warranty-schemas';
import {
  approveOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createOrderFor,
  createStartedOrder,
  startOrder,
  stockIn,
} from '@karya/test-factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditEvents,
  branchStock,
  serialUnits,
  stockMovements,
  workOrderStatusHistory,
  workOrders,
} from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Warranty replacement by serial number (spec 2 §3–§5, §7 Warranty, §8; issue 13): warranty
 * computed from the bill that installed the unit, replacements on the stock ledger, chains
 * of units, races, roles and branch scope.
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techA2: Client;
let techAId: string;
let branchA: { id: string; name: string };

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;
const uid = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};
const nextPhone = () => {
  seq += 1;
  return `97${String(10_000_000 + seq * 7919).slice(-8)}`;
};

interface Item {
  _id: string;
  id: string;
  name: string;
}
interface Installed {
  serialNumber: string;
  orderId: string;
  orderUuid: string;
  customerId: string;
  customerName: string;
  customerPhone: string;
  item: Item;
}

async function expectOk(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (JSON.parse(response.body) as { data: unknown }).data;
}
const messageOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { message: string }).message;

const items = new Map<string, Item>();
async function productWith(warranty: string): Promise<Item> {
  const known = items.get(warranty);
  if (known) return known;
  const item = await createItem(admin, 'serialized-product', {
    name: `Dome camera (${warranty})`,
    warranty,
    mrp: 3500,
    purchasePrice: 2000,
    salePrice: 3000,
  });
  items.set(warranty, item);
  return item;
}

/** Units into branch A's stock (or another manager's branch). */
const stockUnits = (item: Item, serials: string[], manager = managerA) =>
  stockIn(manager, item.id, { serials });

/** A unit of branch A's stock handed to a technician (technician A unless told). */
const handOver = (item: Item, serialNumber: string, technicianId = techAId) =>
  assignStock(managerA, technicianId, item.id, { serials: [serialNumber] });

/** A unit stocked, handed to technician A and billed to a new customer of branch A. */
async function install(warranty = '1 year', serialNumber = `SN-${uid()}`): Promise<Installed> {
  const item = await productWith(warranty);
  await stockUnits(item, [serialNumber]);
  await handOver(item, serialNumber);
  const phone = `+91${nextPhone()}`;
  const order = await createStartedOrder(
    managerA,
    { id: techAId, api: techA },
    {
      name: `Asha Rao ${uid()}`,
      phoneNumber: phone,
      email: 'asha@example.com',
      address: 'Aundh',
      initialRemark: 'Install a camera',
    },
  );
  const bill = await createBill(techA, order, [billLine(item, { serialNumber })]);
  await confirmBill(techA, bill._id);
  // Sent for approval and approved, so the technician is free for the next job.
  await completeOrder(techA, order);
  await approveOrder(managerA, order, 'Checked on site and all working');
  return {
    serialNumber,
    orderId: order.orderId,
    orderUuid: order._id,
    customerId: order.customerId,
    customerName: order.customerName,
    customerPhone: phone,
    item,
  };
}

/** Moves a unit's installation back in time (the warranty clock), as if fitted then. */
async function installedDaysAgo(serialNumber: string, days: number) {
  await t.db
    .update(serialUnits)
    .set({ installedAt: new Date(Date.now() - days * DAY) })
    .where(eq(serialUnits.serialNumber, serialNumber));
}

const issue = { issueDescription: 'No video after power cut', issueCheckedBy: 'Ravi (bench test)' };

async function register(unit: Installed, as: Client = managerA) {
  return as.post('/api/register-replacement', {
    serialNumber: unit.serialNumber,
    workOrderId: unit.orderId,
    customerName: unit.customerName,
    customerPhone: unit.customerPhone,
    ...issue,
  });
}

async function registered(unit: Installed): Promise<Replacement> {
  return replacementSchema.parse(await expectOk(await register(unit)));
}

async function status(serial: string, as: Client = managerA): Promise<WarrantyStatus> {
  return warrantyStatusSchema.parse(
    await expectOk(await as.get(`/api/check-warranty-status/${encodeURIComponent(serial)}`)),
  );
}

async function placeOf(serialNumber: string) {
  const [row] = await t.db
    .select()
    .from(serialUnits)
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}

/**
 * The ledger's invariants: every serial is where its last movement took it, serial balances
 * equal the serials in each place, and no quantity is negative (the CHECKs are the backstop).
 */
async function expectLedgerInvariants() {
  const misplaced = await t.db.execute(sql`
    select s.serial_number from serial_units s
    join lateral (select m.to_location, m.to_branch_id, m.to_technician_id from stock_movements m
                  where m.serial_number = s.serial_number order by m.created_at desc, m.id desc limit 1) last on true
    where last.to_location <> s.location
       or (s.location in ('branch', 'faulty') and last.to_branch_id is distinct from s.branch_id)
       or (s.location in ('technician', 'pending-return') and last.to_technician_id is distinct from s.technician_id)`);
  expect((misplaced as unknown as { rows: unknown[] }).rows).toEqual([]);
  const unbalanced = await t.db.execute(sql`
    select b.item_id from branch_stock b join inventory_items i on i.id = b.item_id
    where i.type = 'serialized-product' and b.quantity <> (
      select count(*) from serial_units s
      where s.item_id = b.item_id and s.branch_id = b.branch_id and s.location = 'branch')
    union all
    select ts.item_id from technician_stock ts join inventory_items i on i.id = ts.item_id
    where i.type = 'serialized-product' and ts.quantity <> (
      select count(*) from serial_units s
      where s.item_id = ts.item_id and s.technician_id = ts.technician_id and s.location = 'technician')`);
  expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
  const negative = await t.db.execute(sql`
    select 1 from branch_stock where quantity < 0 union all select 1 from technician_stock where quantity < 0`);
  expect((negative as unknown as { rows: unknown[] }).rows).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{ firstName: 'Suresh', lastName: 'Patil' }, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  branchA = kothrud.branch;
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }, { api: techA2 }] = kothrud.technicians;
});
afterEach(expectLedgerInvariants);
afterAll(() => t.close());

describe('check-warranty-status', () => {
  it("answers the spec's product details and a warranty counted from the bill's confirmation", async () => {
    const before = Date.now();
    const unit = await install('1 year');
    const answer = await status(unit.serialNumber);
    expect(answer).toMatchObject({
      serialNumber: unit.serialNumber,
      productName: unit.item.name,
      itemId: unit.item.id,
      price: 3000,
      warranty: '1 year',
      technicianName: 'Suresh Patil',
      customerName: unit.customerName,
      workOrderId: unit.orderId,
      branchName: 'Kothrud',
      location: 'customer',
      underWarranty: true,
      daysLeft: 365,
      warrantyDays: 365,
      replacementId: null,
    });
    const installedAt = Date.parse(answer.installationDate ?? '');
    expect(installedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answer.expiryDate ?? '') - installedAt).toBe(365 * DAY);
  });

  it.each(WARRANTY_OPTIONS.filter((o) => o !== 'No Warranty'))(
    '%s: under warranty the day before expiry and on the day, expired after',
    async (option) => {
      const days =
        {
          '1 day': 1,
          '6 months': 180,
          '1 year': 365,
          '1.5 years': 547,
          '2 years': 730,
          '3 years': 1095,
          '5 years': 1825,
        }[option] ?? 0;
      const unit = await install(option);
      await installedDaysAgo(unit.serialNumber, days - 1);
      expect(await status(unit.serialNumber)).toMatchObject({ underWarranty: true, daysLeft: 1 });
      // On the last day: a few hours left.
      await installedDaysAgo(unit.serialNumber, days - 0.25);
      expect(await status(unit.serialNumber)).toMatchObject({ underWarranty: true, daysLeft: 1 });
      await installedDaysAgo(unit.serialNumber, days + 1);
      expect(await status(unit.serialNumber)).toMatchObject({ underWarranty: false, daysLeft: 0 });
      const refused = await register(unit);
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toMatch(/^The warranty of this product expired on /);
    },
  );

  it('No Warranty: never under warranty, and no claim can be registered', async () => {
    const unit = await install('No Warranty');
    expect(await status(unit.serialNumber)).toMatchObject({
      underWarranty: false,
      expiryDate: null,
      warrantyDays: null,
    });
    const refused = await register(unit);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(M.noWarranty);
  });

  it("'Could not load product details' for an unknown serial or another branch's unit", async () => {
    const unit = await install();
    for (const [who, serial] of [
      [managerA, 'NO-SUCH-SERIAL'],
      [managerB, unit.serialNumber],
      [techA2, unit.serialNumber],
    ] as const) {
      const response = await who.get(`/api/check-warranty-status/${serial}`);
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe(M.productNotFound);
    }
    // The technician who installed it, and admins, may look it up.
    expect((await status(unit.serialNumber, techA)).underWarranty).toBe(true);
    expect((await status(unit.serialNumber, admin)).underWarranty).toBe(true);
  });
});

describe('register-replacement', () => {
  it('registers a pending claim with the installation as default, and says so everywhere', async () => {
    const unit = await install();
    const response = await managerA.post('/api/register-replacement', {
      serialNumber: ` ${unit.serialNumber} `,
      ...issue,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(messageOf(response)).toBe(M.registered);
    const record = replacementSchema.parse(JSON.parse(response.body).data);
    expect(record).toMatchObject({
      serialNumber: unit.serialNumber,
      productName: unit.item.name,
      customerName: unit.customerName,
      customerPhone: unit.customerPhone,
      workOrderId: unit.orderId,
      branchName: 'Kothrud',
      status: 'pending',
      replacementSerialNumber: null,
      currentSerialNumber: unit.serialNumber,
      chain: [unit.serialNumber],
    });
    expect(record.issues).toEqual([
      expect.objectContaining({
        ...issue,
        faultySerialNumber: unit.serialNumber,
        replacementSerialNumber: null,
        replacedAt: null,
      }),
    ]);
    expect(await status(unit.serialNumber)).toMatchObject({
      replacementId: record._id,
      replacementStatus: 'pending',
    });
    const history = await t.db
      .select()
      .from(workOrderStatusHistory)
      .where(eq(workOrderStatusHistory.workOrderId, unit.orderUuid));
    expect(history.map((h) => h.remark)).toContain(
      `Warranty issue registered on ${unit.serialNumber}: ${issue.issueDescription}`,
    );
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, record._id));
    expect(audit.map((a) => a.action)).toEqual(['warranty.issue']);
  });

  it("gives the spec's messages for a missing description or checker, and changes nothing", async () => {
    const unit = await install();
    const cases = [
      [{ issueCheckedBy: 'Ravi' }, M.describeIssue],
      [{ issueDescription: '   ', issueCheckedBy: 'Ravi' }, M.describeIssue],
      [{ issueDescription: 'Dead' }, M.checkerRequired],
      [{ issueDescription: 'Dead', issueCheckedBy: '' }, M.checkerRequired],
    ] as const;
    for (const [body, message] of cases) {
      const response = await managerA.post('/api/register-replacement', {
        serialNumber: unit.serialNumber,
        ...body,
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
    expect((await status(unit.serialNumber)).replacementId).toBeNull();
  });

  it('refuses a serial in stock, with a technician, at another branch or unknown', async () => {
    const item = await productWith('1 year');
    const inStock = `SN-${uid()}`;
    await stockUnits(item, [inStock]);
    const withTechnician = `SN-${uid()}`;
    await stockUnits(item, [withTechnician]);
    await handOver(item, withTechnician);
    const installed = await install();
    for (const [who, serial, code, message] of [
      [managerA, inStock, 409, M.notAtCustomer],
      [managerA, withTechnician, 409, M.notAtCustomer],
      [managerB, installed.serialNumber, 409, M.notAtCustomer],
      [managerA, 'UNKNOWN-1', 404, M.productNotFound],
    ] as const) {
      const response = await who.post('/api/register-replacement', {
        serialNumber: serial,
        ...issue,
      });
      expect(response.statusCode, serial).toBe(code);
      expect(messageOf(response)).toBe(message);
    }
    const wrongOrder = await managerA.post('/api/register-replacement', {
      serialNumber: installed.serialNumber,
      workOrderId: 'WO-1999-000001',
      ...issue,
    });
    expect(wrongOrder.statusCode).toBe(400);
    expect(messageOf(wrongOrder)).toBe(M.workOrderMismatch);
  });

  it('refuses a second claim while one is open', async () => {
    const unit = await install();
    await registered(unit);
    const again = await register(unit);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(M.claimOpen);
  });

  it('lets only managers register; admins and technicians get 403', async () => {
    const unit = await install();
    for (const who of [admin, techA]) {
      const response = await register(unit, who);
      expect(response.statusCode).toBe(403);
    }
    expect((await status(unit.serialNumber)).replacementId).toBeNull();
  });
});

describe('complete-replacement', () => {
  it('swaps the units on the ledger: new one at the customer with the old date, faulty one apart', async () => {
    const unit = await install();
    await installedDaysAgo(unit.serialNumber, 100);
    const originalDate = (await placeOf(unit.serialNumber))?.installedAt;
    const record = await registered(unit);
    const spare = `SN-${uid()}`;
    await stockUnits(unit.item, [spare]);
    const [stockBefore] = await t.db
      .select()
      .from(branchStock)
      .where(eq(branchStock.itemId, unit.item._id));

    const response = await managerA.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: spare,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(messageOf(response)).toBe(M.completed);
    const done = replacementSchema.parse(JSON.parse(response.body).data);
    expect(done).toMatchObject({
      status: 'replaced',
      replacementSerialNumber: spare,
      currentSerialNumber: spare,
      chain: [unit.serialNumber, spare],
    });
    expect(done.issues[0]).toMatchObject({ replacementSerialNumber: spare });
    expect(done.issues[0]?.replacedAt).not.toBeNull();

    const fitted = await placeOf(spare);
    expect(fitted).toMatchObject({ location: 'customer', workOrderId: unit.orderUuid });
    expect(fitted?.installedAt?.getTime()).toBe(originalDate?.getTime());
    expect(await placeOf(unit.serialNumber)).toMatchObject({
      location: 'faulty',
      branchId: branchA.id,
    });
    // The faulty unit is not sellable: the branch's balance lost the spare and gained nothing.
    const [stockAfter] = await t.db
      .select()
      .from(branchStock)
      .where(eq(branchStock.itemId, unit.item._id));
    expect(stockAfter?.quantity).toBe((stockBefore?.quantity ?? 0) - 1);
    // The warranty is not extended by the swap.
    expect(await status(spare)).toMatchObject({
      underWarranty: true,
      daysLeft: 265,
      installationDate: originalDate?.toISOString(),
      technicianName: 'Suresh Patil',
    });
    // The serial's details (spec 2 §7) say the same: installed on the first unit's date.
    expect(await expectOk(await managerA.get(`/api/serial-number-detail/${spare}`))).toMatchObject({
      location: 'customer',
      workOrderId: unit.orderId,
      installationDate: originalDate?.toISOString(),
      billNumber: null,
    });
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.remark, M.historyRemark(unit.serialNumber, spare)));
    expect(moves.map((m) => [m.serialNumber, m.fromLocation, m.toLocation])).toEqual([
      [unit.serialNumber, 'customer', 'faulty'],
      [spare, 'branch', 'customer'],
    ]);
    const history = await t.db
      .select()
      .from(workOrderStatusHistory)
      .where(eq(workOrderStatusHistory.workOrderId, unit.orderUuid));
    expect(history.map((h) => h.remark)).toContain(
      `Warranty replacement: ${unit.serialNumber} → ${spare}`,
    );
    // The faulty unit cannot be assigned to a technician.
    const assignFaulty = await managerA.post('/api/assign-inventory-technician', {
      technicianId: techAId,
      type: 'serialized-product',
      itemId: unit.item.id,
      serialNumber: unit.serialNumber,
    });
    expect(assignFaulty.statusCode).toBe(409);
  });

  it('runs a whole chain: install → register → complete → register on the replacement → complete', async () => {
    const unit = await install('2 years');
    const first = await registered(unit);
    const spare1 = `SN-${uid()}`;
    const spare2 = `SN-${uid()}`;
    await stockUnits(unit.item, [spare1]);
    await stockUnits(unit.item, [spare2]);
    await expectOk(await managerA.post('/api/approve-replacement', { replacementId: first._id }));
    await expectOk(
      await managerA.post('/api/complete-replacement', {
        replacementId: first._id,
        newSerialNumber: spare1,
      }),
    );
    // The replacement fails too: registering its serial adds the issue to the same record.
    const again = await managerA.post('/api/register-replacement', {
      serialNumber: spare1,
      issueDescription: 'Lens fogged',
      issueCheckedBy: 'Ravi',
    });
    expect(again.statusCode, again.body).toBe(200);
    const reopened = replacementSchema.parse(JSON.parse(again.body).data);
    expect(reopened).toMatchObject({
      _id: first._id,
      status: 'pending',
      chain: [unit.serialNumber, spare1],
    });
    await expectOk(
      await managerA.post('/api/complete-replacement', {
        replacementId: first._id,
        newSerialNumber: spare2,
      }),
    );
    // Every serial of the chain finds the whole chain.
    for (const serial of [unit.serialNumber, spare1, spare2]) {
      const found = replacementSchema
        .array()
        .parse(await expectOk(await managerA.get(`/api/get-replacements/${serial}`)));
      expect(found.map((r) => r.chain)).toEqual([[unit.serialNumber, spare1, spare2]]);
      expect(
        found[0]?.issues.map((i) => [i.faultySerialNumber, i.replacementSerialNumber]),
      ).toEqual([
        [unit.serialNumber, spare1],
        [spare1, spare2],
      ]);
    }
    const bySpare = replacementSchema.parse(
      await expectOk(await managerA.get(`/api/replaced-serial-number/${spare2}`)),
    );
    expect(bySpare._id).toBe(first._id);
    expect(
      (await managerA.get(`/api/replaced-serial-number/${unit.serialNumber}`)).statusCode,
    ).toBe(404);
    // Faulty units on the faulty shelf, the last replacement at the customer.
    expect((await placeOf(unit.serialNumber))?.location).toBe('faulty');
    expect((await placeOf(spare1))?.location).toBe('faulty');
    expect((await placeOf(spare2))?.location).toBe('customer');
    // The unit record of the latest replacement tells its story.
    const record = unitRecordSchema.parse(
      await expectOk(await managerA.get(`/api/serial-number-record/${spare2}`)),
    );
    expect(record.place).toBe(`At customer ${unit.customerName} (${unit.orderId})`);
    expect(record.events.map((e) => e.kind)).toEqual(['stock-in', 'replacement']);
    expect(record.replacement?.chain).toEqual([unit.serialNumber, spare1, spare2]);
    const original = unitRecordSchema.parse(
      await expectOk(await managerA.get(`/api/serial-number-record/${unit.serialNumber}`)),
    );
    expect(original.place).toBe('Faulty stock (Kothrud)');
    // Off the customer's site, it still names the installation it came from (issue 39 item 17).
    expect(original.status).toMatchObject({
      customerName: unit.customerName,
      customerPhone: unit.customerPhone,
      workOrderId: unit.orderId,
      location: 'faulty',
    });
    expect(original.status.installationDate).not.toBeNull();
    expect(original.status.technicianName).toBeTruthy();
    expect(original.events.map((e) => e.kind)).toEqual([
      'stock-in',
      'assigned',
      'billed',
      'warranty-issue',
      'faulty',
    ]);
  });

  it('claims a replaced unit again through warranty-claim', async () => {
    const unit = await install();
    const record = await registered(unit);
    const spare = `SN-${uid()}`;
    await stockUnits(unit.item, [spare]);
    await expectOk(
      await managerA.post('/api/complete-replacement', {
        replacementId: record._id,
        newSerialNumber: spare,
      }),
    );
    const claim = await managerA.post('/api/warranty-claim', {
      replacementId: record._id,
      issueDescription: 'Reboots',
      issueCheckedBy: 'Ravi',
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(messageOf(claim)).toBe(M.updated);
    const updated = replacementSchema.parse(JSON.parse(claim.body).data);
    expect(updated.status).toBe('pending');
    expect(updated.issues.at(-1)).toMatchObject({
      faultySerialNumber: spare,
      issueDescription: 'Reboots',
    });
    const twice = await managerA.post('/api/warranty-claim', {
      replacementId: record._id,
      ...issue,
    });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(M.claimOpen);
  });

  it('refuses a missing, wrong-product, foreign or unknown new serial, and completing twice', async () => {
    const unit = await install();
    const record = await registered(unit);
    const otherItem = await productWith('6 months');
    const otherProduct = `SN-${uid()}`;
    await stockUnits(otherItem, [otherProduct]);
    const withTechnician = `SN-${uid()}`;
    await stockUnits(unit.item, [withTechnician]);
    await handOver(unit.item, withTechnician);
    for (const [body, code, message] of [
      [{ replacementId: record._id }, 400, M.newSerialRequired],
      [{ replacementId: record._id, newSerialNumber: '  ' }, 400, M.newSerialRequired],
      [
        { replacementId: record._id, newSerialNumber: otherProduct },
        400,
        M.wrongProduct(unit.item.name),
      ],
      [{ replacementId: record._id, newSerialNumber: withTechnician }, 409, M.newSerialNotInStock],
      [{ replacementId: record._id, newSerialNumber: 'NOPE-404' }, 409, M.newSerialNotInStock],
      [{ replacementId: record._id, newSerialNumber: unit.serialNumber }, 400, M.sameSerial],
      [{ replacementId: 'not-an-id', newSerialNumber: 'X' }, 400, M.replacementNotFound],
    ] as const) {
      const response = await managerA.post('/api/complete-replacement', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(code);
      expect(messageOf(response)).toBe(message);
    }
    const foreign = await managerB.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: otherProduct,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await placeOf(unit.serialNumber))?.location).toBe('customer');

    const spare = `SN-${uid()}`;
    await stockUnits(unit.item, [spare]);
    await expectOk(
      await managerA.post('/api/complete-replacement', {
        replacementId: record._id,
        newSerialNumber: spare,
      }),
    );
    const second = `SN-${uid()}`;
    await stockUnits(unit.item, [second]);
    const twice = await managerA.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: second,
    });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(M.alreadyReplaced);
    expect((await placeOf(second))?.location).toBe('branch');
  });

  it('20 parallel completions of one replacement: exactly one wins, stock moves once', async () => {
    const unit = await install();
    const record = await registered(unit);
    const spares = Array.from({ length: 20 }, () => `SN-${uid()}`);
    for (const spare of spares) await stockUnits(unit.item, [spare]);
    const answers = await Promise.all(
      spares.map((spare) =>
        managerA.post('/api/complete-replacement', {
          replacementId: record._id,
          newSerialNumber: spare,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(messageOf(refused)).toBe(M.alreadyReplaced);
    const places = await Promise.all(spares.map(placeOf));
    expect(places.filter((p) => p?.location === 'customer')).toHaveLength(1);
    expect(places.filter((p) => p?.location === 'branch')).toHaveLength(19);
    const moved = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.serialNumber, unit.serialNumber));
    expect(moved.filter((m) => m.toLocation === 'faulty')).toHaveLength(1);
  });

  it('one new serial for two replacements at once: exactly one wins', async () => {
    const a = await install();
    const b = await install();
    const [ra, rb] = [await registered(a), await registered(b)];
    const spare = `SN-${uid()}`;
    await stockUnits(a.item, [spare]);
    const answers = await Promise.all(
      [ra, rb].map((r) =>
        managerA.post('/api/complete-replacement', {
          replacementId: r._id,
          newSerialNumber: spare,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409);
    expect(loser && messageOf(loser)).toBe(M.newSerialNotInStock);
    // The loser's faulty unit stays at its customer.
    const stillThere = await Promise.all([placeOf(a.serialNumber), placeOf(b.serialNumber)]);
    expect(stillThere.map((p) => p?.location).sort()).toEqual(['customer', 'faulty']);
  });

  it('a technician completes from their van on their own customer; admins cannot', async () => {
    const unit = await install();
    const record = await registered(unit);
    const spare = `SN-${uid()}`;
    await stockUnits(unit.item, [spare]);
    const adminTry = await admin.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: spare,
    });
    expect(adminTry.statusCode).toBe(403);
    // Not in the technician's van yet.
    const notHeld = await techA.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: spare,
    });
    expect(notHeld.statusCode).toBe(409);
    await handOver(unit.item, spare);
    const stranger = await techA2.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: spare,
    });
    expect(stranger.statusCode).toBe(404);
    const done = await techA.post('/api/complete-replacement', {
      replacementId: record._id,
      newSerialNumber: spare,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await placeOf(spare)).toMatchObject({ location: 'customer', technicianId: null });
  });
});

describe('the complaint a replacement answers (issue 39 item 17)', () => {
  /** A complaint (Repair order) about the unit's installation, as the desk or status page raises. */
  const complain = (unit: Installed, as: Client = managerA) =>
    createOrderFor(as, unit.customerId, {
      projectCategory: 'Repair',
      existingProjectId: unit.orderUuid,
      initialRemark: 'Camera shows no picture',
    });
  const orderRow = async (id: string) =>
    (await t.db.select().from(workOrders).where(eq(workOrders.id, id)))[0];
  const historyOf = (id: string) =>
    t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, id));
  const registerFor = (unit: Installed, complaintOrderId: string | undefined) =>
    managerA.post('/api/register-replacement', {
      serialNumber: unit.serialNumber,
      complaintOrderId,
      ...issue,
    });
  async function complete(record: Replacement, unit: Installed, closeComplaint?: boolean) {
    const spare = `SN-${uid()}`;
    await stockUnits(unit.item, [spare]);
    const done = replacementSchema.parse(
      await expectOk(
        await managerA.post('/api/complete-replacement', {
          replacementId: record._id,
          newSerialNumber: spare,
          ...(closeComplaint === undefined ? {} : { closeComplaint }),
        }),
      ),
    );
    return { done, spare };
  }

  it('links the complaint on register, and completing with closeComplaint closes its order', async () => {
    const unit = await install();
    const complaint = await complain(unit);
    const record = replacementSchema.parse(
      await expectOk(await registerFor(unit, complaint.orderId)),
    );
    expect(record.complaint).toEqual({ orderId: complaint.orderId, status: 'pending' });
    const { done, spare } = await complete(record, unit, true);
    expect(done.complaint).toEqual({ orderId: complaint.orderId, status: 'completed' });
    const row = await orderRow(complaint._id);
    expect(row?.status).toBe('completed');
    expect(row?.completedAt).not.toBeNull();
    expect((await historyOf(complaint._id)).map((h) => [h.status, h.remark])).toContainEqual([
      'completed',
      M.complaintClosedRemark(unit.serialNumber, spare),
    ]);
    // The unit record reads the complaint completed too.
    const unitRecord = unitRecordSchema.parse(
      await expectOk(await managerA.get(`/api/serial-number-record/${spare}`)),
    );
    expect(unitRecord.complaints).toContainEqual(
      expect.objectContaining({ orderId: complaint.orderId, status: 'completed' }),
    );
  });

  it('leaves the complaint open when closeComplaint is not ticked', async () => {
    const unit = await install();
    const complaint = await complain(unit);
    const record = replacementSchema.parse(await expectOk(await registerFor(unit, complaint._id)));
    const { done } = await complete(record, unit, false);
    expect(done.complaint).toEqual({ orderId: complaint.orderId, status: 'pending' });
    expect((await orderRow(complaint._id))?.status).toBe('pending');
  });

  it('closes an assigned complaint, but not one its technician has started', async () => {
    const assigned = await install();
    const first = await complain(assigned);
    await expectOk(
      await managerA.post('/api/assign-technician', {
        customerId: first.customerId,
        orderId: first.orderId,
        technicianId: techAId,
        instructions: 'Check the camera',
      }),
    );
    const firstRecord = replacementSchema.parse(
      await expectOk(await registerFor(assigned, first.orderId)),
    );
    expect((await complete(firstRecord, assigned, true)).done.complaint?.status).toBe('completed');

    const started = await install();
    const second = await complain(started);
    await expectOk(
      await managerA.post('/api/assign-technician', {
        customerId: second.customerId,
        orderId: second.orderId,
        technicianId: techAId,
        instructions: 'Check the camera',
      }),
    );
    await startOrder(techA, second);
    const secondRecord = replacementSchema.parse(
      await expectOk(await registerFor(started, second.orderId)),
    );
    const { done } = await complete(secondRecord, started, true);
    expect(done.status).toBe('replaced');
    expect(done.complaint).toEqual({ orderId: second.orderId, status: 'in-progress' });
    expect((await orderRow(second._id))?.status).toBe('in-progress');
    // Free technician A for the next tests.
    await t.db.update(workOrders).set({ status: 'completed' }).where(eq(workOrders.id, second._id));
  });

  it('refuses a complaint of another installation, another branch, unknown or closed', async () => {
    const unit = await install();
    const other = await install();
    const othersComplaint = await complain(other);
    const refusal = await registerFor(unit, othersComplaint.orderId);
    expect(refusal.statusCode).toBe(404);
    expect(messageOf(refusal)).toBe(M.complaintNotFound);
    expect((await registerFor(unit, 'WO-2000-999999')).statusCode).toBe(404);
    // Not a complaint: the installation's own order.
    expect((await registerFor(unit, unit.orderId)).statusCode).toBe(404);

    // Another branch's manager cannot link (nor see) it.
    const foreign = await managerB.post('/api/register-replacement', {
      serialNumber: unit.serialNumber,
      complaintOrderId: othersComplaint.orderId,
      ...issue,
    });
    expect(foreign.statusCode).not.toBe(200);

    // A complaint of this installation moved to another branch is refused.
    const moved = await complain(unit);
    const baner = (await t.db.execute(
      sql`select id from branches where name = 'Baner' limit 1`,
    )) as unknown as { rows: { id: string }[] };
    const [branchB] = baner.rows;
    await t.db
      .update(workOrders)
      .set({ branchId: branchB?.id ?? '' })
      .where(eq(workOrders.id, moved._id));
    const otherBranch = await registerFor(unit, moved.orderId);
    expect(otherBranch.statusCode).toBe(404);
    expect(messageOf(otherBranch)).toBe(M.complaintNotFound);

    // A completed complaint is refused with its status.
    const closed = await complain(unit);
    await t.db.update(workOrders).set({ status: 'completed' }).where(eq(workOrders.id, closed._id));
    const done = await registerFor(unit, closed.orderId);
    expect(done.statusCode).toBe(400);
    expect(messageOf(done)).toBe(M.complaintClosed(closed.orderId, 'completed'));
    // Nothing was registered by the refusals.
    expect((await status(unit.serialNumber)).replacementId).toBeNull();
  });
});

describe('lists and reads', () => {
  it('get-replacements pages, searches and filters within the branch; admins see all', async () => {
    const unit = await install();
    const record = await registered(unit);
    // One paged-list answer (decision 024): the page in data, the total in X-Total-Count.
    const list = async (as: Client, query: string) => {
      const answer = await as.get(`/api/get-replacements${query}`);
      const items = z.array(replacementSchema).parse(await expectOk(answer));
      return { items, total: Number(answer.headers['x-total-count']) };
    };
    const mine = await list(managerA, `?search=${encodeURIComponent(unit.customerName)}`);
    expect(mine.items.map((r) => r._id)).toEqual([record._id]);
    expect(mine.total).toBe(1);
    expect((await list(managerA, `?search=${unit.orderId}`)).items.map((r) => r._id)).toEqual([
      record._id,
    ]);
    expect((await list(managerA, `?status=replaced&search=${unit.serialNumber}`)).total).toBe(0);
    expect((await list(managerB, `?search=${unit.serialNumber}`)).total).toBe(0);
    const all = await list(admin, `?search=${unit.serialNumber}`);
    expect(all.items[0]?.branchName).toBe('Kothrud');
    expect((await list(admin, `?branch=${branchA.id}&limit=1`)).items).toHaveLength(1);
    const paged = await list(managerA, '?limit=2&offset=0');
    expect(paged.items.length).toBeLessThanOrEqual(2);
    expect(paged.total).toBeGreaterThanOrEqual(1);
    expect((await techA.get('/api/get-replacements')).statusCode).toBe(403);
    const badStatus = await managerA.get('/api/get-replacements?status=bogus');
    expect(badStatus.statusCode).toBe(400);
  });

  it("lists a customer's installed units with their warranty, within scope", async () => {
    const unit = await install('6 months');
    const units = await expectOk(
      await managerA.get(`/api/get-installed-units?customerId=${unit.customerId}`),
    );
    expect(units).toEqual([
      expect.objectContaining({
        serialNumber: unit.serialNumber,
        productName: unit.item.name,
        workOrderId: unit.orderId,
        warranty: '6 months',
        underWarranty: true,
        daysLeft: 180,
      }),
    ]);
    // Admins read any branch's customer.
    expect(
      await expectOk(await admin.get(`/api/get-installed-units?customerId=${unit.customerId}`)),
    ).toEqual([expect.objectContaining({ serialNumber: unit.serialNumber })]);
  });

  it("answers 404 'Customer not found' for another branch's customer or an unknown one (issue 33 item 8)", async () => {
    const unit = await install();
    for (const [who, customerId] of [
      [managerB, unit.customerId],
      [techA2, unit.customerId],
      [managerA, '00000000-0000-4000-8000-000000000000'],
      [admin, '00000000-0000-4000-8000-000000000000'],
      [managerA, 'not-a-customer'],
    ] as const) {
      const response = await who.get(`/api/get-installed-units?customerId=${customerId}`);
      expect(response.statusCode, customerId).toBe(404);
      expect(messageOf(response)).toBe(CONTACT_MESSAGES.customerNotFound);
    }
    // The technician who installed it reads them.
    expect(
      await expectOk(await techA.get(`/api/get-installed-units?customerId=${unit.customerId}`)),
    ).toEqual([expect.objectContaining({ serialNumber: unit.serialNumber })]);
  });

  it('answers 401 without a session', async () => {
    const anonymous = client(t.app);
    for (const url of [
      '/api/get-replacements',
      '/api/check-warranty-status/X',
      '/api/serial-number-record/X',
    ]) {
      expect((await anonymous.get(url)).statusCode).toBe(401);
    }
    expect((await anonymous.post('/api/register-replacement', {})).statusCode).toBe(401);
  });
});

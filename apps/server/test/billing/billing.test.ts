import { BILL_MESSAGES } from '@karya/domain/bill-schemas';
import {
  createBranchTeam,
  createItem,
  createStartedOrder,
  createUser,
  type ItemType,
  signAsCustomer,
  stockTechnician,
} from '@karya/test-factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bills,
  serialUnits,
  stockMovements,
  technicianStock,
  workOrderStatusHistory,
} from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Billing and payment on site (spec 2 §2 billing dialogs, §4 billing flow, §5 Bill and
 * Payment, §7 Bills): bills priced by the catalogue from the technician's own stock, one
 * confirmation that records the payment and moves the stock to the customer.
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techA2: Client;
let techB: Client;
let branchA: { id: string; name: string };
let techAId: string;
let techA2Id: string;
let techBId: string;

const UPI_DEFAULT = { vpa: 'karya.central@okaxis', name: 'Karya Services' };
const FIVE_WORDS = 'Installation verified and customer satisfied';

/** The catalogue: prices the bills must use whatever the request says. */
let camera: Item;
let cable: Item;
let installation: Item;

interface Item {
  _id: string;
  id: string;
  name: string;
}
interface Order {
  _id: string;
  orderId: string;
  customerId: string;
}
interface BillAnswer {
  _id: string;
  billId: string;
  billNumber: string;
  status: string;
  total: number;
  paidAmount: number;
  dueAmount: number;
  paymentStatus: string;
  upiLink: string | null;
  upiPayee: { vpa: string; name: string } | null;
  items: Array<{
    itemId: string;
    name: string;
    quantity: number;
    serialNumber: string | null;
    price: number;
    amount: number;
    type: string;
  }>;
}

let seq = 0;
const uid = () => {
  seq += 1;
  return `${Date.now()}${seq}`;
};

async function expectOk(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
}

/** A catalogue item at a sale price (rupees); its MRP and purchase price follow from it. */
const catalogued = (type: ItemType, name: string, salePrice: number): Promise<Item> =>
  createItem(admin, type, { name, salePrice, mrp: salePrice + 100, purchasePrice: salePrice / 2 });

/** Stock into branch A, then into the technician's hands: serials and a generic quantity. */
async function giveStock(technicianId: string, serials: string[], cableQuantity = 0) {
  await stockTechnician(managerA, technicianId, camera.id, { serials });
  if (cableQuantity > 0) {
    await stockTechnician(managerA, technicianId, cable.id, { quantity: cableQuantity });
  }
}

/** A customer with a work order, assigned to the technician and started by them. */
const startedOrder = (
  technician: Client = techA,
  technicianId = techAId,
  manager: Client = managerA,
): Promise<Order> =>
  createStartedOrder(manager, { id: technicianId, api: technician }, { name: 'Meera Joshi' });

const key = (order: Order) => ({ customerId: order.customerId, orderId: order.orderId });

const serialLine = (serialNumber: string, extra: Record<string, unknown> = {}) => ({
  itemId: camera.id,
  name: camera.name,
  quantity: 1,
  serialNumber,
  ...extra,
});
const cableLine = (quantity: number, extra: Record<string, unknown> = {}) => ({
  itemId: cable._id,
  name: cable.name,
  quantity,
  serialNumber: null,
  ...extra,
});
const serviceLine = (extra: Record<string, unknown> = {}) => ({
  itemId: installation.id,
  name: installation.name,
  quantity: 1,
  serialNumber: null,
  ...extra,
});

async function createBill(order: Order, items: unknown[], as: Client = techA) {
  const response = await as.post('/api/create-bill', { ...key(order), items });
  await expectOk(response);
  return response.json().data as BillAnswer;
}

const cash = (billId: string, paidAmount?: number) => ({
  billId,
  paymentMethod: 'cash',
  transactionId: null,
  ...(paidAmount !== undefined ? { paidAmount } : {}),
});

async function heldQuantity(technicianId: string, itemId: string) {
  const [row] = await t.db
    .select({ quantity: technicianStock.quantity })
    .from(technicianStock)
    .where(and(eq(technicianStock.technicianId, technicianId), eq(technicianStock.itemId, itemId)));
  return row?.quantity ?? 0;
}

async function serialPlace(serialNumber: string) {
  const [row] = await t.db
    .select()
    .from(serialUnits)
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}

async function paymentEntries(order: Order) {
  return t.db
    .select()
    .from(workOrderStatusHistory)
    .where(
      and(
        eq(workOrderStatusHistory.workOrderId, order._id),
        eq(workOrderStatusHistory.status, 'payment'),
      ),
    );
}

async function technicianInventory(as: Client) {
  const response = await as.get('/api/get-technician-inventory');
  await expectOk(response);
  return response.json().data as Array<{
    itemId: string;
    genericQuantity: number;
    serializedItems: Array<{ serialNumber: string }>;
  }>;
}

beforeAll(async () => {
  t = await createTestApp({ UPI_VPA: UPI_DEFAULT.vpa, UPI_NAME: UPI_DEFAULT.name });
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{ firstName: 'Suresh' }, { firstName: 'Anil' }],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  branchA = kothrud.branch;
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }, { id: techA2Id, api: techA2 }] = kothrud.technicians;
  [{ id: techBId, api: techB }] = baner.technicians;
  camera = await catalogued('serialized-product', 'Dome Camera 2MP', 12000);
  cable = await catalogued('generic-product', 'CAT6 Cable (m)', 45.5);
  installation = await catalogued('service', 'Camera Installation', 500);
});
afterAll(() => t.close());

/** Each test leaves techA without an in-progress order, so the next can start one. */
async function finish(order: Order) {
  await techA.post('/api/update-work-status', {
    ...key(order),
    status: 'transferring',
    remark: 'done with this test',
  });
}

describe('create-bill', () => {
  it('prices every line from the catalogue; a price in the request is ignored', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 10);
    const order = await startedOrder();
    const bill = await createBill(order, [
      serialLine(serial, { price: 1, amount: 1, type: 'service' }),
      cableLine(4, { price: 0.01, amount: 0.04 }),
      serviceLine({ price: 0, amount: 0 }),
    ]);
    expect(bill.billId).toBe(bill._id);
    expect(bill.status).toBe('pending');
    expect(bill.paymentStatus).toBe('unpaid');
    // A draft has no number: it gets one when its payment is confirmed (issue 15).
    expect(bill.billNumber).toBeNull();
    expect(bill.items).toEqual([
      expect.objectContaining({
        itemId: camera.id,
        type: 'serialized-product',
        serialNumber: serial,
        quantity: 1,
        price: 12000,
        amount: 12000,
      }),
      expect.objectContaining({ itemId: cable.id, quantity: 4, price: 45.5, amount: 182 }),
      expect.objectContaining({
        itemId: installation.id,
        type: 'service',
        price: 500,
        amount: 500,
      }),
    ]);
    expect(bill.total).toBe(12682);
    expect(bill.dueAmount).toBe(12682);
    expect(bill.upiPayee).toEqual(UPI_DEFAULT);
    expect(bill.upiLink).toBe(
      `upi://pay?pa=karya.central@okaxis&pn=Karya%20Services&am=12682.00&cu=INR&tn=Bill-${order.orderId}`,
    );
    // Making a bill reserves nothing: the stock is still the technician's.
    expect((await serialPlace(serial))?.location).toBe('technician');
    expect(await heldQuantity(techAId, cable._id)).toBe(10);
    await techA.post('/api/reject-bill', { billId: bill._id, rejectionReason: 'test over' });
    await finish(order);
  });

  it('answers each message of spec 2 §5 and makes no bill', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 5);
    const order = await startedOrder();
    const held = await heldQuantity(techAId, cable._id);
    const refused = async (items: unknown, message: string) => {
      const response = await techA.post('/api/create-bill', { ...key(order), items });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    };
    await refused([], BILL_MESSAGES.noItems);
    await refused(undefined, BILL_MESSAGES.noItems);
    await refused([serialLine(serial), serialLine(serial)], BILL_MESSAGES.serialAlreadyAdded);
    await refused([serviceLine(), serviceLine()], BILL_MESSAGES.serviceAlreadyAdded);
    await refused([cableLine(held + 1)], BILL_MESSAGES.maxQuantity(held));
    // Two generic lines of one item count together.
    await refused([cableLine(held), cableLine(1)], BILL_MESSAGES.maxQuantity(held));
    await refused([cableLine(0)], BILL_MESSAGES.quantityMin);
    const bills = (await techA.get(`/api/workorder?orderId=${order.orderId}`)).json().data;
    expect(bills).toEqual([]);
    await finish(order);
  });

  it('refuses a serial the technician does not hold, and changes nothing', async () => {
    const mine = `SN-${uid()}`;
    const theirs = `SN-${uid()}`;
    await giveStock(techAId, [mine]);
    await giveStock(techA2Id, [theirs]);
    const order = await startedOrder();
    const response = await techA.post('/api/create-bill', {
      ...key(order),
      items: [serialLine(mine), serialLine(theirs)],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BILL_MESSAGES.serialNotHeld(theirs));
    expect((await techA.get(`/api/workorder?orderId=${order.orderId}`)).json().data).toEqual([]);
    expect(await serialPlace(theirs)).toMatchObject({
      location: 'technician',
      technicianId: techA2Id,
    });
    await finish(order);
  });

  it("refuses another technician's order and a paused order", async () => {
    const order = await startedOrder();
    const other = await techA2.post('/api/create-bill', { ...key(order), items: [serviceLine()] });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Work order not found');
    const otherBranch = await techB.post('/api/create-bill', {
      ...key(order),
      items: [serviceLine()],
    });
    expect(otherBranch.statusCode).toBe(404);

    await expectOk(
      await techA.post('/api/update-work-status', {
        ...key(order),
        status: 'paused',
        remark: 'Waiting for the roof to dry',
      }),
    );
    const paused = await techA.post('/api/create-bill', { ...key(order), items: [serviceLine()] });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe(BILL_MESSAGES.orderNotInProgress);
    expect((await admin.get(`/api/workorder?orderId=${order.orderId}`)).json().data).toEqual([]);
    // Managers and admins do not make bills.
    expect(
      (await managerA.post('/api/create-bill', { ...key(order), items: [serviceLine()] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('confirm-order-bill', () => {
  it('partial cash: records the payment, the billing entry and moves the stock to the customer', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 6);
    const cableBefore = await heldQuantity(techAId, cable._id);
    const order = await startedOrder();
    const bill = await createBill(order, [serialLine(serial), cableLine(2), serviceLine()]);
    expect(bill.total).toBe(12591);

    const response = await techA.post('/api/confirm-order-bill', cash(bill._id, 10000));
    await expectOk(response);
    const data = response.json().data;
    expect(response.json().message).toBe(BILL_MESSAGES.paymentRecorded);
    expect(data.billNumber).toMatch(/^BILL-KOTH-\d{8}-\d{4}$/);
    expect(data).toMatchObject({
      _id: bill._id,
      status: 'confirmed',
      paymentMethod: 'cash',
      transactionId: null,
      paidAmount: 10000,
      dueAmount: 2591,
      paymentStatus: 'partial',
    });
    expect(data.workOrder).toMatchObject({
      _id: order._id,
      status: 'in-progress',
      paymentDone: true,
      upiPayee: UPI_DEFAULT,
      billingInfo: [
        {
          billId: bill._id,
          billNumber: data.billNumber,
          amount: 12591,
          paidAmount: 10000,
          paymentStatus: 'partial',
          paymentMethod: 'cash',
          transactionId: null,
        },
      ],
    });
    expect(data.workOrder.statusHistory.at(-1)).toMatchObject({
      status: 'payment',
      updatedBy: { _id: techAId },
    });
    // The details endpoint shows the same order.
    const details = (
      await techA.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`)
    ).json().data;
    expect(details.billingInfo).toEqual(data.workOrder.billingInfo);
    expect(details.upiPayee).toEqual(UPI_DEFAULT);

    // The ledger: the serial is at the customer, linked to the order; the cable went down by 2.
    expect(await serialPlace(serial)).toMatchObject({
      location: 'customer',
      technicianId: null,
      workOrderId: order._id,
      customerId: order.customerId,
      billId: bill._id,
    });
    expect(await heldQuantity(techAId, cable._id)).toBe(cableBefore - 2);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.billId, bill._id));
    expect(moves).toHaveLength(2);
    expect(moves.every((m) => m.fromTechnicianId === techAId && m.toLocation === 'customer')).toBe(
      true,
    );
    const inventory = await technicianInventory(techA);
    const heldCameras = inventory.find((i) => i.itemId === camera.id)?.serializedItems ?? [];
    expect(heldCameras.map((s) => s.serialNumber)).not.toContain(serial);
    expect(inventory.find((i) => i.itemId === cable.id)?.genericQuantity).toBe(cableBefore - 2);
    const history = (
      await managerA.get(`/api/get-transfer-history?serialNumber=${serial}&type=billed`)
    ).json().data;
    // The Logs screen names the customer and the order, not a bare 'Customer' (issue 15 §10).
    expect(history).toEqual([
      expect.objectContaining({
        from: expect.stringContaining('Suresh'),
        to: `Customer: Meera Joshi (${order.orderId})`,
      }),
    ]);

    // The serial's details now name the installation.
    const detail = await managerA.get(`/api/serial-number-detail/${serial}`);
    await expectOk(detail);
    expect(detail.json().data).toMatchObject({
      location: 'customer',
      workOrderId: order.orderId,
      customerName: 'Meera Joshi',
      billNumber: data.billNumber,
      installationDate: data.paidAt,
    });
    expect((await managerB.get(`/api/serial-number-detail/${serial}`)).statusCode).toBe(404);

    // update-serial-status (spec 2 §7): the serial is marked used on this order.
    const used = await techA.post('/api/update-serial-status', {
      serialNumbers: [serial],
      workOrderId: order.orderId,
      customerId: order.customerId,
    });
    await expectOk(used);
    expect(used.json().data.serials).toEqual([
      expect.objectContaining({
        serialNumber: serial,
        status: 'used',
        billNumber: data.billNumber,
      }),
    ]);

    // A paid project cannot be paused, and no second bill can be made.
    const pause = await techA.post('/api/update-work-status', {
      ...key(order),
      status: 'paused',
      remark: 'Lunch',
    });
    expect(pause.statusCode).toBe(409);
    const again = await techA.post('/api/create-bill', { ...key(order), items: [serviceLine()] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILL_MESSAGES.orderAlreadyPaid);
    await finish(order);
  });

  it('cash with nothing paid is unpaid with the whole total due; more than the total is refused', async () => {
    const order = await startedOrder();
    const bill = await createBill(order, [serviceLine()]);
    const tooMuch = await techA.post('/api/confirm-order-bill', cash(bill._id, 500.01));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(BILL_MESSAGES.paidAmountRange);
    const negative = await techA.post('/api/confirm-order-bill', cash(bill._id, -1));
    expect(negative.statusCode).toBe(400);
    const zero = await techA.post('/api/confirm-order-bill', cash(bill._id, 0));
    await expectOk(zero);
    expect(zero.json().data).toMatchObject({
      paymentStatus: 'unpaid',
      paidAmount: 0,
      dueAmount: 500,
    });
    // Any confirmed bill counts as the payment of spec 2 §4.
    expect(zero.json().data.workOrder.paymentDone).toBe(true);
    await finish(order);
  });

  it('online needs a UPI transaction id of 12 characters and is always the whole total', async () => {
    const order = await startedOrder();
    const bill = await createBill(order, [serviceLine()]);
    const short = await techA.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'online',
      transactionId: '12345678901',
      paidAmount: 500,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(BILL_MESSAGES.invalidTransactionId);
    const missing = await techA.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'online',
      transactionId: null,
    });
    expect(missing.json().message).toBe(BILL_MESSAGES.invalidTransactionId);
    const online = await techA.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'online',
      transactionId: '432198765012',
      paidAmount: 1,
    });
    await expectOk(online);
    expect(online.json().data).toMatchObject({
      paymentMethod: 'online',
      transactionId: '432198765012',
      paidAmount: 500,
      dueAmount: 0,
      paymentStatus: 'paid',
    });
    expect(online.json().data.workOrder.billingInfo[0]).toMatchObject({
      paymentMethod: 'online',
      transactionId: '432198765012',
      amount: 500,
    });
    await finish(order);
  });

  it('20 confirmations at once record one payment and move the stock once', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 3);
    const cableBefore = await heldQuantity(techAId, cable._id);
    const order = await startedOrder();
    const bill = await createBill(order, [serialLine(serial), cableLine(3)]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        techA.post('/api/confirm-order-bill', cash(bill._id, bill.total)),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().message).toBe(BILL_MESSAGES.billAlreadyPaid);
    }
    expect(await paymentEntries(order)).toHaveLength(1);
    expect(await heldQuantity(techAId, cable._id)).toBe(cableBefore - 3);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.billId, bill._id));
    expect(moves).toHaveLength(2);
    const [row] = await t.db.select().from(bills).where(eq(bills.id, bill._id));
    expect(row).toMatchObject({ paymentStatus: 'paid', paidPaise: bill.total * 100 });
    await finish(order);
  });

  it('refuses with 409 and changes nothing when the technician no longer holds the stock', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 2);
    const order = await startedOrder();
    const bill = await createBill(order, [serialLine(serial), cableLine(2)]);
    // The serial goes back to the branch before payment.
    await expectOk(
      await techA.post('/api/return-inventory', {
        itemId: camera.id,
        type: 'serialized-product',
        serialNumber: serial,
      }),
    );
    const cableBefore = await heldQuantity(techAId, cable._id);
    const response = await techA.post('/api/confirm-order-bill', cash(bill._id));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BILL_MESSAGES.stockNoLongerHeld(serial));
    expect(await heldQuantity(techAId, cable._id)).toBe(cableBefore);
    expect((await serialPlace(serial))?.location).toBe('pending-return');
    expect(await paymentEntries(order)).toHaveLength(0);
    const details = (await techA.get(`/api/get-bill-details/${bill._id}`)).json().data;
    expect(details).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    await finish(order);
  });

  it("refuses another technician's bill and a paused order's bill", async () => {
    const order = await startedOrder();
    const bill = await createBill(order, [serviceLine()]);
    const other = await techA2.post('/api/confirm-order-bill', cash(bill._id));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(BILL_MESSAGES.billNotFound);
    await expectOk(
      await techA.post('/api/update-work-status', {
        ...key(order),
        status: 'paused',
        remark: 'Customer away',
      }),
    );
    const paused = await techA.post('/api/confirm-order-bill', cash(bill._id));
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe(BILL_MESSAGES.orderNotInProgress);
    expect(await paymentEntries(order)).toHaveLength(0);
  });
});

describe('reject-bill', () => {
  it('needs a reason, leaves the stock as it was, and a new bill can be made', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 2);
    const cableBefore = await heldQuantity(techAId, cable._id);
    const order = await startedOrder();
    const bill = await createBill(order, [serialLine(serial), cableLine(2)]);
    const noReason = await techA.post('/api/reject-bill', {
      billId: bill._id,
      rejectionReason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(BILL_MESSAGES.rejectionReasonRequired);
    const other = await techA2.post('/api/reject-bill', { billId: bill._id, rejectionReason: 'x' });
    expect(other.statusCode).toBe(404);

    const rejected = await techA.post('/api/reject-bill', {
      billId: bill._id,
      rejectionReason: 'Customer wants fewer cameras',
    });
    await expectOk(rejected);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Customer wants fewer cameras',
    });
    expect(await heldQuantity(techAId, cable._id)).toBe(cableBefore);
    expect((await serialPlace(serial))?.location).toBe('technician');
    const confirm = await techA.post('/api/confirm-order-bill', cash(bill._id));
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(BILL_MESSAGES.billRejected);
    expect(
      (await techA.post('/api/reject-bill', { billId: bill._id, rejectionReason: 'again' }))
        .statusCode,
    ).toBe(409);

    // Not paid: completing is still refused, and a new bill can be made and paid.
    const complete = await techA.post('/api/complete-work-order', key(order));
    expect(complete.statusCode).toBe(409);
    const second = await createBill(order, [serialLine(serial)]);
    const paid = await techA.post('/api/confirm-order-bill', cash(second._id));
    await expectOk(paid);
    // The rejected draft never had a number; the paid bill has one.
    expect(
      (await techA.get(`/api/get-bill-details/${bill._id}`)).json().data.billNumber,
    ).toBeNull();
    expect(paid.json().data.billNumber).toMatch(/^BILL-KOTH-/);
    await finish(order);
  });

  it('a new bill replaces the open one, which can then not be confirmed', async () => {
    const order = await startedOrder();
    const first = await createBill(order, [serviceLine()]);
    const second = await createBill(order, [serviceLine()]);
    const stale = await techA.post('/api/confirm-order-bill', cash(first._id));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BILL_MESSAGES.billReplaced);
    await expectOk(await techA.post('/api/confirm-order-bill', cash(second._id)));
    const listed = (await techA.get(`/api/workorder?orderId=${order.orderId}`)).json().data;
    expect(listed.map((b: BillAnswer) => [b._id, b.status])).toEqual([
      [second._id, 'confirmed'],
      [first._id, 'rejected'],
    ]);
    expect(listed[0].billNumber).toMatch(/^BILL-KOTH-/);
    expect(listed[1].billNumber).toBeNull();
    await finish(order);
  });
});

describe('bill numbers', () => {
  it('run without gaps: five abandoned drafts take no number, the paid bill is the first', async () => {
    const {
      manager: { api: managerSession },
      technicians: [tech],
    } = await createBranchTeam(admin, { branch: { name: 'Nashik Road' } });
    const techSession = tech.api;
    const order = await startedOrder(techSession, tech.id, managerSession);
    for (let draft = 0; draft < 5; draft += 1) {
      const abandoned = await createBill(order, [serviceLine()], techSession);
      expect(abandoned.billNumber).toBeNull();
    }
    const last = await createBill(order, [serviceLine()], techSession);
    const paid = await techSession.post('/api/confirm-order-bill', cash(last._id));
    await expectOk(paid);
    expect(paid.json().data.billNumber).toMatch(/^BILL-NASH-\d{8}-0001$/);
  });

  it('stay distinct and readable under 20 parallel create and confirm', async () => {
    const technicians = await Promise.all(
      Array.from({ length: 20 }, () => createUser(admin, 'technician', branchA.id)),
    );
    const sessions = await Promise.all(
      technicians.map((tech) => admin.signIn(tech.username, tech.password)),
    );
    const orders = [];
    for (const [index, tech] of technicians.entries()) {
      const session = sessions[index];
      if (!session) throw new Error('no session');
      orders.push(await startedOrder(session, tech.id));
    }
    const numbers = await Promise.all(
      orders.map(async (order, index) => {
        const session = sessions[index];
        if (!session) throw new Error('no session');
        const bill = await createBill(order, [serviceLine()], session);
        const paid = await session.post('/api/confirm-order-bill', cash(bill._id));
        await expectOk(paid);
        return paid.json().data.billNumber as string;
      }),
    );
    expect(new Set(numbers).size).toBe(20);
    for (const number of numbers) expect(number).toMatch(/^BILL-KOTH-\d{8}-\d{4}$/);
    const day = numbers[0]?.split('-')[2];
    expect(numbers.every((n) => n.split('-')[2] === day)).toBe(true);
  });
});

describe('reading bills', () => {
  let bill: BillAnswer;
  let order: Order;
  let orderB: Order;

  beforeAll(async () => {
    order = await startedOrder();
    const draft = await createBill(order, [serviceLine()]);
    const paid = await techA.post('/api/confirm-order-bill', cash(draft._id));
    await expectOk(paid);
    bill = paid.json().data;
    await finish(order);
    orderB = await startedOrder(techB, techBId, managerB);
    await createBill(orderB, [serviceLine()], techB);
  });

  it('get-bill-details: the technician, the branch managers and admins; 404 for others', async () => {
    const url = `/api/get-bill-details/${bill._id}`;
    for (const reader of [techA, managerA, admin]) {
      const response = await reader.get(url);
      await expectOk(response);
      expect(response.json().data).toMatchObject({
        _id: bill._id,
        billNumber: bill.billNumber,
        status: 'confirmed',
        orderId: order.orderId,
        branch: { _id: branchA.id, name: 'Kothrud' },
        technician: { _id: techAId },
      });
    }
    for (const outsider of [techA2, techB, managerB]) {
      const response = await outsider.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(BILL_MESSAGES.billNotFound);
    }
    // By bill number too.
    await expectOk(await managerA.get(`/api/get-bill-details/${bill.billNumber}`));
  });

  it("history: a technician's own, a manager's branch, everything for admins, paged", async () => {
    const own = await techA.get('/api/history?pageSize=500');
    await expectOk(own);
    const ownBills = own.json().data as Array<BillAnswer & { technician: { _id: string } }>;
    expect(ownBills.map((b) => b._id)).toContain(bill._id);
    expect(ownBills.every((b) => b.technician._id === techAId)).toBe(true);

    const branch = (await managerA.get('/api/history?pageSize=500')).json().data as Array<
      BillAnswer & { branch: { _id: string } }
    >;
    expect(branch.map((b) => b._id)).toContain(bill._id);
    expect(branch.every((b) => b.branch._id === branchA.id)).toBe(true);
    const otherBranch = (await managerB.get('/api/history')).json().data as BillAnswer[];
    expect(otherBranch.map((b) => b._id)).not.toContain(bill._id);
    expect(otherBranch).toHaveLength(1);

    const everything = await admin.get('/api/history?page=1&pageSize=2');
    await expectOk(everything);
    const total = Number(everything.headers['x-total-count']);
    expect(total).toBeGreaterThan(branch.length);
    expect(everything.json().data).toHaveLength(2);
    const onlyB = (await admin.get(`/api/history?branch=${branchA.id}&pageSize=500`)).json().data;
    expect(onlyB).toHaveLength(branch.length);
    expect(ownBills.length).toBeLessThan(branch.length);
  });

  it('workorder: the bills of one order for the same readers', async () => {
    for (const reader of [techA, managerA, admin]) {
      const response = await reader.get(`/api/workorder?orderId=${order.orderId}`);
      await expectOk(response);
      expect(response.json().data.map((b: BillAnswer) => b._id)).toEqual([bill._id]);
    }
    expect((await admin.get(`/api/workorder?orderId=${order._id}`)).json().data).toHaveLength(1);
    for (const outsider of [techA2, techB, managerB]) {
      const response = await outsider.get(`/api/workorder?orderId=${order.orderId}`);
      expect(response.statusCode).toBe(404);
    }
    expect((await admin.get('/api/workorder?orderId=WO-NOPE')).statusCode).toBe(404);
  });

  it('update-serial-status refuses a serial that was not used on the order', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial]);
    const response = await techA.post('/api/update-serial-status', {
      serialNumbers: [serial],
      workOrderId: order.orderId,
      customerId: order.customerId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BILL_MESSAGES.serialNotUsedOnOrder(serial));
    const outsider = await techB.post('/api/update-serial-status', {
      serialNumbers: [serial],
      workOrderId: order.orderId,
    });
    expect(outsider.statusCode).toBe(404);
  });
});

describe('the UPI payee', () => {
  it("is the branch's own once an admin sets it, else the server's", async () => {
    const invalid = await admin.post(`/api/update-branch/${branchA.id}`, { upiVpa: 'not a vpa' });
    expect(invalid.statusCode).toBe(400);
    expect(
      (await managerA.post(`/api/update-branch/${branchA.id}`, { upiVpa: 'kothrud@okicici' }))
        .statusCode,
    ).toBe(403);
    const updated = await admin.post(`/api/update-branch/${branchA.id}`, {
      upiVpa: 'kothrud@okicici',
      upiName: 'Karya Kothrud',
    });
    await expectOk(updated);
    expect(updated.json().data).toMatchObject({
      _id: branchA.id,
      name: 'Kothrud',
      upiVpa: 'kothrud@okicici',
      upiName: 'Karya Kothrud',
    });

    const order = await startedOrder();
    const details = (
      await techA.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`)
    ).json().data;
    expect(details.upiPayee).toEqual({ vpa: 'kothrud@okicici', name: 'Karya Kothrud' });
    const bill = await createBill(order, [serviceLine()]);
    expect(bill.upiLink).toBe(
      `upi://pay?pa=kothrud@okicici&pn=Karya%20Kothrud&am=500.00&cu=INR&tn=Bill-${order.orderId}`,
    );

    const cleared = await admin.post(`/api/update-branch/${branchA.id}`, {
      upiVpa: null,
      upiName: '',
    });
    await expectOk(cleared);
    expect(cleared.json().data).toMatchObject({ upiVpa: null, upiName: null });
    expect((await techA.get(`/api/get-bill-details/${bill._id}`)).json().data.upiPayee).toEqual(
      UPI_DEFAULT,
    );
    await techA.post('/api/reject-bill', { billId: bill._id, rejectionReason: 'test over' });
    await finish(order);
  });

  it('can be set when the branch is added', async () => {
    const added = await admin.post('/api/add-branches', {
      name: `Aundh ${uid()}`,
      location: 'Pune',
      upiVpa: 'aundh@oksbi',
    });
    await expectOk(added);
    expect(added.json().data).toMatchObject({ upiVpa: 'aundh@oksbi', upiName: null });
  });
});

describe('the whole flow', () => {
  it('bill, payment, complete-work-order to pending-approval, approve-order to completed', async () => {
    const serial = `SN-${uid()}`;
    await giveStock(techAId, [serial], 1);
    const order = await startedOrder();

    // Without a confirmed bill the project cannot be sent for approval.
    const early = await techA.post('/api/complete-work-order', key(order));
    expect(early.statusCode).toBe(409);
    const bill = await createBill(order, [serialLine(serial), cableLine(1), serviceLine()]);
    expect((await techA.post('/api/complete-work-order', key(order))).statusCode).toBe(409);

    const paid = await techA.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'online',
      transactionId: 'UPI123456789012',
      paidAmount: bill.total,
    });
    await expectOk(paid);
    const billNumber = paid.json().data.billNumber;

    await signAsCustomer(techA, order);
    const completed = await techA.post('/api/complete-work-order', {
      ...key(order),
      remark: 'Cameras fitted and tested',
    });
    await expectOk(completed);
    expect(completed.json().data).toMatchObject({ status: 'pending-approval', paymentDone: true });
    expect(completed.json().data.statusHistory.at(-1)).toMatchObject({
      status: 'pending-approval',
      remark: 'Cameras fitted and tested',
    });

    const approved = await managerA.post('/api/approve-order', {
      ...key(order),
      remark: FIVE_WORDS,
    });
    await expectOk(approved);
    expect(approved.json().data).toMatchObject({
      status: 'completed',
      billingInfo: [expect.objectContaining({ billNumber, paymentStatus: 'paid' })],
    });
    expect(await serialPlace(serial)).toMatchObject({
      location: 'customer',
      workOrderId: order._id,
    });
  });
});

import type { Bill, ConfirmOrderBillAnswer } from '@karya/domain/bill-schemas';
import { invoiceTotals, lineTax } from '@karya/domain/gst';
import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import {
  createOfflineQueue,
  type NewAction,
  type QueuedAction,
  type QueuedStep,
  type QueueStorage,
} from '../../lib/offline-queue';
import { hasWaitingBill, withoutQueuedUse } from '../../shared/van-stock';
import { addSerial, addService, type DraftLine } from './bill-lines';
import type { PaymentDraft } from './bill-wizard-state';
import { OFFLINE_BILL_TEXT } from './billing-messages';
import {
  createBillBody,
  isLocalBill,
  localBillOf,
  payBill,
  prepareBill,
  queuedBillAction,
} from './offline-bill';

const ORDER = {
  _id: 'wo-uuid',
  orderId: 'WO-1001',
  customerId: '7f3e1c9a-1b2c-4d5e-8f90-123456789abc',
  customerName: 'Meera Joshi',
  customerPhone: '+919812345678',
  location: 'Baner Road',
  branch: { _id: 'branch-uuid', name: 'Kothrud' },
  placeOfSupply: { code: '27', name: 'Maharashtra' },
};

function item(
  overrides: Partial<TechnicianInventoryItem> & Pick<TechnicianInventoryItem, 'itemId' | 'type'>,
): TechnicianInventoryItem {
  return {
    _id: `uuid-${overrides.itemId}`,
    id: overrides.itemId,
    itemName: overrides.itemId,
    unit: 'Piece',
    salePrice: 0,
    genericQuantity: 0,
    quantity: 0,
    lastUpdated: '2026-11-22T07:00:00.000Z',
    serializedItems: [],
    ...overrides,
  };
}

const camera = item({
  itemId: 'ITEM-CAM',
  itemName: 'Dome Camera 2MP',
  type: 'serialized-product',
  salePrice: 12000,
  quantity: 2,
  serializedItems: [
    { serialNumber: 'SN-1', status: 'active', assignedAt: '2026-11-22T07:00:00.000Z' },
    { serialNumber: 'SN-2', status: 'active', assignedAt: '2026-11-22T07:00:00.000Z' },
  ],
});
const cable = item({
  itemId: 'ITEM-CAB',
  itemName: 'CAT6 Cable',
  type: 'generic-product',
  unit: 'Meter',
  salePrice: 45.5,
  genericQuantity: 10,
  quantity: 10,
});
const installation = item({
  itemId: 'ITEM-SVC',
  itemName: 'Camera Installation',
  type: 'service',
  unit: 'Service',
  salePrice: 500,
});
const ITEMS = [camera, cable, installation];

function linesOf(): DraftLine[] {
  const withCamera = addSerial([], camera, 'SN-1').lines;
  const withCable = [
    ...withCamera,
    {
      key: cable.itemId,
      itemId: cable.itemId,
      name: cable.itemName,
      type: 'generic-product' as const,
      unit: 'Meter',
      serialNumber: null,
      quantity: 3,
      unitPricePaise: 4550,
    },
  ];
  return addService(withCable, installation).lines;
}

const CASH_FULL = (totalPaise: number): PaymentDraft => ({
  method: 'cash',
  transactionId: null,
  paidPaise: totalPaise,
  duePaise: 0,
});

describe('a bill worked out on the phone', () => {
  it('has the server figures: lines at catalogue prices, total rounded to the rupee by the domain', () => {
    const bill = localBillOf(ORDER, linesOf(), ITEMS, 'k1', new Date('2026-11-24T10:00:00Z'));
    expect(isLocalBill(bill)).toBe(true);
    expect(
      bill.items.map((line) => [line.name, line.serialNumber, line.quantity, line.amount]),
    ).toEqual([
      ['Dome Camera 2MP', 'SN-1', 1, 12000],
      ['CAT6 Cable', null, 3, 136.5],
      ['Camera Installation', null, 1, 500],
    ]);
    // 12000 + 136.50 + 500 = 12636.50 → ₹12,637 with a 50 paise round-off, as invoiceTotals says.
    expect(bill.total).toBe(12637);
    expect(bill.tax.roundOff).toBe(0.5);
    expect(bill.dueAmount).toBe(12637);
    expect(bill.upiLink).toBeNull();
    expect(bill.tax.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
  });

  it("takes each line's GST with the domain's lineTax, as create-bill: ₹1,000 + 18 % in the state", () => {
    const taxed = [{ ...camera, gstRate: 18, priceIncludesTax: false }];
    const lines = addSerial([], camera, 'SN-1').lines;
    const setting = { invoiceKind: 'tax-invoice' as const, supplierStateCode: '27' };
    const bill = localBillOf(ORDER, lines, taxed, 'k2', new Date(), setting);
    const expected = invoiceTotals([
      lineTax({ amountPaise: 1_200_000, rateBp: 1800, priceIncludesTax: false, intraState: true }),
    ]);
    expect(bill.total * 100).toBe(expected.totalPaise);
    expect(bill.total).toBe(14160);
    expect(bill.tax).toMatchObject({ intraState: true, cgst: 1080, sgst: 1080, igst: 0 });
  });

  it('charges IGST when the place of supply is another state', () => {
    const taxed = [{ ...camera, gstRate: 18, priceIncludesTax: true }];
    const lines = addSerial([], camera, 'SN-1').lines;
    const setting = { invoiceKind: 'tax-invoice' as const, supplierStateCode: '29' };
    const bill = localBillOf(ORDER, lines, taxed, 'k3', new Date(), setting);
    // Tax-inclusive: the customer pays the catalogue price; IGST is taken out of it.
    expect(bill.total).toBe(12000);
    expect(bill.tax).toMatchObject({ intraState: false, cgst: 0, sgst: 0, igst: 1830.51 });
  });

  it('a branch issuing bills of supply charges no tax, whatever the rate', () => {
    const taxed = [{ ...camera, gstRate: 18, priceIncludesTax: false }];
    const lines = addSerial([], camera, 'SN-1').lines;
    const setting = { invoiceKind: 'bill-of-supply' as const, supplierStateCode: '27' };
    const bill = localBillOf(ORDER, lines, taxed, 'k4', new Date(), setting);
    expect(bill.total).toBe(12000);
    expect(bill.tax).toMatchObject({ cgst: 0, sgst: 0, igst: 0, taxable: 12000 });
  });
});

describe('the bill and its cash as one queued action', () => {
  it("is keyed by the bill: create-bill, then confirm with step 0's billId and total", () => {
    const body = createBillBody(ORDER, linesOf());
    const action = queuedBillAction({
      billKey: 'bill-key',
      orderId: ORDER.orderId,
      body,
      totalPaise: 1_263_700,
      payment: CASH_FULL(1_263_700),
      serverBill: false,
    });
    expect(action.id).toBe('bill-key');
    expect(action.orderId).toBe('WO-1001');
    expect(action.label).toBe('Bill ₹12,637.00 · cash ₹12,637.00');
    expect(action.steps).toEqual([
      { method: 'POST', path: '/create-bill', body },
      {
        method: 'POST',
        path: '/confirm-order-bill',
        body: { paymentMethod: 'cash', transactionId: null },
        from: { billId: { step: 0, field: 'billId' }, paidAmount: { step: 0, field: 'total' } },
      },
    ]);
  });

  it('a part payment sends the amount the technician took', () => {
    const action = queuedBillAction({
      billKey: 'k',
      orderId: ORDER.orderId,
      body: createBillBody(ORDER, linesOf()),
      totalPaise: 1_263_700,
      payment: { method: 'cash', transactionId: null, paidPaise: 500_000, duePaise: 763_700 },
      serverBill: false,
    });
    expect(action.steps[1]?.body).toEqual({
      paymentMethod: 'cash',
      transactionId: null,
      paidAmount: 5000,
    });
    expect(action.steps[1]?.from).toEqual({ billId: { step: 0, field: 'billId' } });
  });
});

function memoryStorage(): QueueStorage {
  const lists = new Map<string, QueuedAction[]>();
  return {
    read: async (owner) => structuredClone(lists.get(owner) ?? []),
    write: async (owner, actions) => {
      lists.set(owner, structuredClone(actions));
    },
  };
}

/** A server that keeps each key's first answer, like the Idempotency-Key hook (decision 027). */
function fakeServer() {
  const effects: Array<{ path: string; body: Record<string, unknown> }> = [];
  const kept = new Map<string, unknown>();
  const keys: string[] = [];
  let reachable = true;
  let stockGone = false;
  let loseAnswers = false;
  return {
    effects,
    keys,
    setReachable: (value: boolean) => {
      reachable = value;
    },
    takeStockBack: () => {
      stockGone = true;
    },
    loseAnswers: (value: boolean) => {
      loseAnswers = value;
    },
    async send(step: QueuedStep, body: Record<string, unknown>, key: string): Promise<unknown> {
      if (!reachable) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
      keys.push(key);
      let answer = kept.get(key);
      if (!kept.has(key)) {
        if (step.path === '/create-bill' && stockGone)
          throw new ApiError(409, 'Serial number SN-1 is not in your inventory');
        effects.push({ path: step.path, body });
        answer =
          step.path === '/create-bill'
            ? { billId: `bill-${effects.length}`, total: 12637 }
            : { paymentStatus: 'paid' };
        kept.set(key, answer);
      }
      if (loseAnswers) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
      return answer;
    },
  };
}

function setup() {
  const server = fakeServer();
  const queue = createOfflineQueue({ storage: memoryStorage(), send: server.send });
  const enqueue = (action: NewAction & { id: string }) => queue.enqueue('tech', action);
  return { server, queue, enqueue };
}

const OFFLINE = { online: false, waiting: false };

async function offlineBill(enqueue: (action: NewAction & { id: string }) => Promise<unknown>) {
  const prepared = await prepareBill(
    {
      ...OFFLINE,
      create: () => Promise.reject(new Error('nothing is sent offline')),
      newKey: () => 'bill-key',
      now: () => new Date(),
    },
    ORDER,
    linesOf(),
    ITEMS,
  );
  const paid = await payBill(
    {
      ...OFFLINE,
      confirm: () => Promise.reject(new Error('nothing is sent offline')),
      enqueue,
    },
    ORDER.orderId,
    prepared,
    CASH_FULL(1_263_700),
  );
  return { prepared, paid };
}

describe('offline: prepared on the phone, queued with its cash', () => {
  it('sends nothing, then on reconnect makes the bill and records the cash once, in order after earlier actions', async () => {
    const { server, queue, enqueue } = setup();
    await queue.enqueue('tech', {
      orderId: ORDER.orderId,
      label: 'Started',
      steps: [{ method: 'POST', path: '/update-work-status', body: { status: 'in-progress' } }],
    });
    const { prepared, paid } = await offlineBill(enqueue);
    expect(prepared.local).toBe(true);
    expect(paid).toEqual({ queued: true });
    expect(server.effects).toEqual([]);

    const result = await queue.flush('tech');
    expect(result).toEqual({ sent: 2, refused: 0, stopped: false });
    expect(server.effects.map((effect) => effect.path)).toEqual([
      '/update-work-status',
      '/create-bill',
      '/confirm-order-bill',
    ]);
    expect(server.effects[2]?.body).toEqual({
      paymentMethod: 'cash',
      transactionId: null,
      billId: 'bill-2',
      paidAmount: 12637,
      // When the cash was taken (decision 043), stamped by the queue.
      occurredAt: expect.any(String),
    });
    expect(server.keys.slice(1)).toEqual(['bill-key.0', 'bill-key.1']);
    expect(await queue.list('tech')).toEqual([]);
  });

  it('sent again after a lost answer, lands once: the same keys answer as the first time', async () => {
    const { server, queue, enqueue } = setup();
    await offlineBill(enqueue);
    server.loseAnswers(true);
    for (let i = 0; i < 5; i += 1) expect((await queue.flush('tech')).stopped).toBe(true);
    server.loseAnswers(false);
    expect(await queue.flush('tech')).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(server.effects.map((effect) => effect.path)).toEqual([
      '/create-bill',
      '/confirm-order-bill',
    ]);
  });

  it("a bill whose stock is gone is kept with the server's message and the rest goes on", async () => {
    const { server, queue, enqueue } = setup();
    await offlineBill(enqueue);
    await queue.enqueue('tech', {
      orderId: ORDER.orderId,
      label: 'Remark: customer happy',
      steps: [{ method: 'POST', path: '/remark-add', body: { remark: 'customer happy' } }],
    });
    server.takeStockBack();
    expect(await queue.flush('tech')).toEqual({ sent: 1, refused: 1, stopped: false });
    const [refused] = await queue.list('tech');
    expect(refused?.id).toBe('bill-key');
    expect(refused?.refusal?.message).toBe('Serial number SN-1 is not in your inventory');
    expect(server.effects.map((effect) => effect.path)).toEqual(['/remark-add']);
  });

  it('refuses UPI with no signal: it needs the network to be trusted', async () => {
    const { enqueue } = setup();
    const { prepared } = await offlineBill(async () => undefined);
    await expect(
      payBill(
        { ...OFFLINE, confirm: () => Promise.reject(new Error('unused')), enqueue },
        ORDER.orderId,
        prepared,
        { method: 'online', transactionId: 'UPI123456789012', paidPaise: 1_263_700, duePaise: 0 },
      ),
    ).rejects.toThrow(OFFLINE_BILL_TEXT.upiNeedsNetwork);
  });
});

describe('online: the same requests straight away, with the bill key', () => {
  const serverBill = { billId: 'server-bill', total: 12637 } as Bill;

  it('creates with the key .0 and confirms with the key .1', async () => {
    const keys: string[] = [];
    const prepared = await prepareBill(
      {
        online: true,
        waiting: false,
        create: async (_body, key) => {
          keys.push(key);
          return serverBill;
        },
        newKey: () => 'k',
        now: () => new Date(),
      },
      ORDER,
      linesOf(),
      ITEMS,
    );
    expect(prepared.local).toBe(false);
    const paid = await payBill(
      {
        online: true,
        waiting: false,
        confirm: async (input, key) => {
          keys.push(key);
          expect(input).toEqual({
            billId: 'server-bill',
            paymentMethod: 'cash',
            transactionId: null,
            paidAmount: 12637,
          });
          return { ...serverBill, paymentStatus: 'paid' } as ConfirmOrderBillAnswer;
        },
        enqueue: () => Promise.reject(new Error('not queued online')),
      },
      ORDER.orderId,
      prepared,
      CASH_FULL(1_263_700),
    );
    expect(paid.queued).toBe(false);
    expect(keys).toEqual(['k.0', 'k.1']);
  });

  it('a cash payment whose answer was lost is queued under the same keys, its bill replayed', async () => {
    const { server, queue, enqueue } = setup();
    const prepared = await prepareBill(
      {
        online: true,
        waiting: false,
        create: (body, key) =>
          server.send({ method: 'POST', path: '/create-bill', body }, body, key) as Promise<Bill>,
        newKey: () => 'k',
        now: () => new Date(),
      },
      ORDER,
      linesOf(),
      ITEMS,
    );
    server.setReachable(false);
    const paid = await payBill(
      {
        online: true,
        waiting: false,
        confirm: (input, key) =>
          server.send(
            { method: 'POST', path: '/confirm-order-bill', body: { ...input } },
            { ...input },
            key,
          ) as Promise<ConfirmOrderBillAnswer>,
        enqueue,
      },
      ORDER.orderId,
      prepared,
      CASH_FULL(1_263_700),
    );
    expect(paid).toEqual({ queued: true });
    server.setReachable(true);
    expect(await queue.flush('tech')).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(server.effects.map((effect) => effect.path)).toEqual([
      '/create-bill',
      '/confirm-order-bill',
    ]);
    expect(server.keys).toEqual(['k.0', 'k.0', 'k.1']);
  });

  it('goes to the phone when actions wait before it (the Start must land first)', async () => {
    const prepared = await prepareBill(
      {
        online: true,
        waiting: true,
        create: () => Promise.reject(new Error('not sent before the queue')),
        newKey: () => 'k',
        now: () => new Date(),
      },
      ORDER,
      linesOf(),
      ITEMS,
    );
    expect(prepared.local).toBe(true);
  });
});

describe('the van stock while a bill waits to sync', () => {
  const action = queuedBillAction({
    billKey: 'k',
    orderId: ORDER.orderId,
    body: createBillBody(ORDER, linesOf()),
    totalPaise: 1_263_700,
    payment: CASH_FULL(1_263_700),
    serverBill: false,
  });
  const waiting: QueuedAction = { ...action, queuedAt: 0, refusal: null };

  it('drops the serial and the cable used; services stay', () => {
    const shown = withoutQueuedUse(ITEMS, [waiting]);
    expect(
      shown.find((i) => i.itemId === 'ITEM-CAM')?.serializedItems.map((s) => s.serialNumber),
    ).toEqual(['SN-2']);
    expect(shown.find((i) => i.itemId === 'ITEM-CAB')?.genericQuantity).toBe(7);
    expect(shown.find((i) => i.itemId === 'ITEM-SVC')).toBeDefined();
    expect(hasWaitingBill([waiting], ORDER.orderId)).toBe(true);
  });

  it('gives the units back once the server refused the bill', () => {
    const refused = { ...waiting, refusal: { status: 409, message: 'gone', at: 1 } };
    expect(withoutQueuedUse(ITEMS, [refused])).toEqual(ITEMS);
    expect(hasWaitingBill([refused], ORDER.orderId)).toBe(false);
  });
});

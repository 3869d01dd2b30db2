import { WORK_ORDER_STATUSES } from '@karya/domain/contact-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import { signAsCustomer } from '@karya/test-factories';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { complaintClocks, unitLinks } from '../../src/db/complaints-schema';
import { importRows, imports } from '../../src/db/imports-schema';
import {
  quotations,
  quotationVersions,
  workOrderPlannedItems,
} from '../../src/db/quotations-schema';
import {
  reorderLevels,
  reportDailySales,
  reportDailyTechnician,
  reportDailyWork,
} from '../../src/db/reports-schema';
import {
  customerUpdateMessages,
  liveEvents,
  ownershipTransfers,
  scheduleDefaultDurations,
  serialUnits,
  warrantyIssues,
  warrantyReplacements,
  whatsappAutoSend,
  whatsappMessages,
  whatsappNumbers,
  whatsappOutbox,
  whatsappSettings,
  whatsappTemplates,
  workOrders,
} from '../../src/db/schema';
import { quoteIdent } from '../../src/modules/system/reset-tables';
import { createCustomer, createWorkOrders } from '../dashboard/work-order-seed';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { loginAs, type TestApp } from '../helpers/test-app';

/*
 * A small business with a row in every table a reset empties: two branches with their
 * people, leads and customers, orders in every state, a paid bill, stock in the branch, with
 * a technician, at a customer and on its way back, a warranty record, an ownership request,
 * a demo request and a failed login. Built through the API where one exists, so the rows are
 * the ones the product itself writes.
 */

export interface Business {
  branchA: { id: string; name: string };
  branchB: { id: string; name: string };
  manager: Client;
  technician: Client;
  /** Sessions that must stop working after a reset. */
  sessions: Client[];
}

type Answer = { statusCode: number; body: string };

async function ok<T = unknown>(answer: Answer | Promise<Answer>): Promise<T> {
  const response = await answer;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return JSON.parse(response.body).data as T;
}

let seq = 0;
const phone = () => {
  seq += 1;
  return `+9197${String(10_000_000 + seq * 7919 + (Date.now() % 1000)).slice(-8)}`;
};

export async function seedBusiness(t: TestApp, admin: Client, prefix: string): Promise<Business> {
  // Branch A issues Tax Invoices, so a cancelled one has its credit note (decision 041).
  const branchA = await createBranch(t.db, {
    name: 'Kothrud',
    gstin: '27AAPFU0939F1ZV',
    stateCode: '27',
  });
  const branchB = await createBranch(t.db, { name: 'Baner' });
  const mA = await createUser(t.db, 'manager', { branchId: branchA.id });
  const mB = await createUser(t.db, 'manager', { branchId: branchB.id });
  const pending = await createUser(t.db, 'manager', {
    branchId: branchA.id,
    activeManagerStatus: 'pending',
  });
  const tA = await createUser(t.db, 'technician', { branchId: branchA.id });
  const tB = await createUser(t.db, 'technician', { branchId: branchB.id });
  const manager = client(t.app, await loginAs(t.app, mA.username, mA.password));
  const managerB = client(t.app, await loginAs(t.app, mB.username, mB.password));
  const technicianCookie = await loginAs(t.app, tA.username, tA.password);
  const technician = client(t.app, technicianCookie);
  await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: tB.username, password: 'wrong-password' },
  });

  // The business behind the branches, printed on its invoices (issue 19).
  await ok(
    await admin.put('/api/business-profile', {
      legalName: `${prefix} Security Systems Pvt Ltd`,
      address: 'Paud Road, Kothrud, Pune',
      gstRegistered: true,
    }),
  );

  // Catalogue and stock: serials and a quantity into branch A, then to the technician.
  const item = (type: string, name: string, salePrice: number) =>
    ok<{ id: string; _id: string }>(
      admin.post('/api/create-inventory', {
        id: `ITEM-${prefix}-${type}`,
        type,
        name,
        unit: type === 'service' ? 'Service' : 'Piece',
        warranty: '1 year',
        mrp: salePrice + 100,
        purchasePrice: salePrice / 2,
        salePrice,
      }),
    );
  const camera = await item('serialized-product', 'Dome Camera', 12000);
  const cable = await item('generic-product', 'CAT6 Cable', 40);
  await item('service', 'Installation', 500);
  const serials = [`${prefix}-SN-1`, `${prefix}-SN-2`, `${prefix}-SN-3`];
  for (const serialNumber of serials) {
    await ok(
      await manager.post('/api/add-stock', {
        itemId: camera.id,
        serialNumber,
        quantity: 1,
        remark: 'Purchase',
        date: '2026-11-20',
      }),
    );
  }
  await ok(
    await manager.post('/api/add-stock', {
      itemId: cable.id,
      quantity: 30,
      remark: 'Purchase',
      date: '2026-11-20',
    }),
  );
  for (const serialNumber of serials.slice(0, 2)) {
    await ok(
      await manager.post('/api/assign-inventory-technician', {
        technicianId: tA.id,
        type: 'serialized-product',
        itemId: camera.id,
        serialNumber,
      }),
    );
  }
  await ok(
    await manager.post('/api/assign-inventory-technician', {
      technicianId: tA.id,
      type: 'generic-product',
      itemId: cable.id,
      quantity: 10,
    }),
  );

  // Contacts: a lead with a remark in each branch, customers with their first orders.
  await ok(
    await manager.post('/api/create-Lead', {
      name: 'Ravi Lead',
      phoneNumber: phone(),
      initialRemark: { text: 'Wants 4 cameras', status: 'positive' },
    }),
  );
  await ok(await managerB.post('/api/create-Lead', { name: 'Sita Lead', phoneNumber: phone() }));
  const customer = await ok<{ _id: string; workOrders: Array<{ _id: string; orderId: string }> }>(
    await manager.post('/api/create-customer', {
      name: 'Meera Joshi',
      phoneNumber: phone(),
      projectType: 'CCTV Camera',
      initialRemark: 'Install 2 cameras',
    }),
  );
  const order = { customerId: customer._id, orderId: customer.workOrders[0]?.orderId ?? '' };
  const orderRowId = customer.workOrders[0]?._id ?? '';

  // The order worked and billed: a camera and cable to the customer, paid in cash.
  await ok(
    await manager.post('/api/assign-technician', {
      ...order,
      technicianId: tA.id,
      instructions: '',
    }),
  );
  // Started as the phone's offline queue sends it, so its Idempotency-Key is kept.
  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/update-work-status',
      payload: { ...order, status: 'in-progress' },
      headers: { cookie: technicianCookie, 'idempotency-key': 'seed-start-1' },
    }),
  );
  // The customer's job-status link (issue 21).
  await ok(await manager.post('/api/work-order-status-link', { orderId: order.orderId }));
  // The business's own wording of an update (issue 21).
  await ok(
    await admin.put('/api/customer-update-templates', {
      event: 'technicianAssigned',
      language: 'en',
      body: 'Hello {customerName}, {technicianName} will visit for {orderId}.',
    }),
  );
  // A checklist of the order's project type, answered on the job (issue 22).
  const checklists = await ok<Array<{ projectType: string; items: Array<{ id: string }> }>>(
    await admin.put('/api/checklist-templates', {
      projectType: 'CCTV Camera',
      items: [{ label: 'Cameras mounted', kind: 'yes-no', required: false }],
    }),
  );
  await ok(
    await technician.post('/api/answer-work-order-checklist', {
      orderId: order.orderId,
      itemId: checklists.find((entry) => entry.projectType === 'CCTV Camera')?.items[0]?.id,
      answer: 'yes',
    }),
  );
  // A photo of the job (issue 22), sent as the phone's FormData sends it.
  const boundary = 'seed-photo';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/work-order-photos',
      headers: {
        cookie: technicianCookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${order.orderId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="stage"\r\n\r\nbefore\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    }),
  );
  // The customer's signature on the job (issue 22).
  await signAsCustomer(technician, order);
  const bill = await ok<{ _id: string }>(
    await technician.post('/api/create-bill', {
      ...order,
      items: [
        { itemId: camera.id, name: 'Dome Camera', quantity: 1, serialNumber: serials[0] },
        { itemId: cable.id, name: 'CAT6 Cable', quantity: 4, serialNumber: null },
      ],
    }),
  );
  await ok(
    await technician.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'cash',
      transactionId: null,
    }),
  );
  // Cancelled with its money refunded: a refund voucher and a credit note (decision 041).
  const paid = await ok<{ paidAmount: number }>(
    await manager.get(`/api/get-bill-details/${bill._id}`),
  );
  await ok(
    await manager.post('/api/cancel-invoice', {
      billId: bill._id,
      reason: 'Wrong customer',
      money: { outcome: 'refund', amount: paid.paidAmount, method: 'cash' },
    }),
  );

  // A return: one serial and some cable back to the branch, confirmed.
  await ok(
    await technician.post('/api/return-inventory', {
      itemId: camera.id,
      type: 'serialized-product',
      serialNumber: serials[1],
    }),
  );
  await ok(await technician.post('/api/return-inventory', { itemId: cable.id, quantity: 2 }));
  const returns = await ok<Array<{ id: string }>>(await manager.get('/api/get-returned-inventory'));
  await ok(await manager.post(`/api/confirm-returned-inventory/${returns[0]?.id}`));
  await ok(await technician.post('/api/return-inventory', { itemId: cable.id, quantity: 1 }));

  // Orders in every state, in both branches.
  const customerB = await createCustomer(t.db, branchB.id, 'Arjun Rao');
  const customerA = await createCustomer(t.db, branchA.id, 'Kavya Shah');
  await createWorkOrders(
    t.db,
    WORK_ORDER_STATUSES.flatMap((status) => [
      {
        branchId: branchA.id,
        customerId: customerA.id,
        status,
        technicianId: status === 'pending' ? null : tA.id,
      },
      {
        branchId: branchB.id,
        customerId: customerB.id,
        status,
        technicianId: status === 'pending' ? null : tB.id,
      },
      // The billed order keeps the technician of branch A in progress (one at a time).
    ]).filter((o) => !(o.status === 'in-progress' && o.technicianId === tA.id)),
  );

  // A warranty record on the installed camera, with its issue.
  const [unit] = await t.db
    .select({ itemId: serialUnits.itemId })
    .from(serialUnits)
    .where(eq(serialUnits.serialNumber, serials[0] ?? ''));
  const [record] = await t.db
    .insert(warrantyReplacements)
    .values({
      serialNumber: serials[0] ?? '',
      itemId: unit?.itemId ?? camera.id,
      branchId: branchA.id,
      workOrderId: orderRowId,
      customerId: customer._id,
      customerName: 'Meera Joshi',
    })
    .returning({ id: warrantyReplacements.id });
  // An update the server sent through the WhatsApp Cloud API (issue 21): only a server with
  // the API configured sends one, so it is written here as the adapter writes it.
  await t.db.insert(customerUpdateMessages).values({
    workOrderId: orderRowId,
    event: 'technicianAssigned',
    language: 'hinglish',
    toPhone: '919876543210',
    providerMessageId: 'wamid.seed',
    status: 'delivered',
  });
  // A WhatsApp template, an event's automatic sending and an update queued (issue 40).
  await t.db.insert(whatsappTemplates).values({
    event: 'technicianAssigned',
    language: 'hinglish',
    templateName: 'technician_assigned_hinglish',
    languageCode: 'hi',
    parameters: ['customerName', 'projectType', 'orderId', 'technicianName', 'statusLink'],
  });
  await t.db.insert(whatsappAutoSend).values({ event: 'dueReminder', enabled: true });
  await t.db.insert(whatsappOutbox).values({
    dedupeKey: `technicianAssigned:${orderRowId}:seed`,
    workOrderId: orderRowId,
    event: 'technicianAssigned',
  });
  // What the customer wrote, their number's window and opt-out, and the branch of new numbers
  // (issue 40, the conversation).
  await t.db.insert(whatsappMessages).values({
    national: '9876543210',
    customerId: customer._id,
    branchId: branchA.id,
    direction: 'in',
    body: 'kab aaoge?',
    providerMessageId: 'wamid.seed-inbound',
    status: 'received',
  });
  await t.db.insert(whatsappNumbers).values({ national: '9876543210', lastInboundAt: new Date() });
  await t.db.insert(whatsappSettings).values({ inboundBranchId: branchA.id });
  await t.db.insert(warrantyIssues).values({
    replacementId: record?.id ?? '',
    faultySerialNumber: serials[0] ?? '',
    issueDescription: 'No picture at night',
    issueCheckedBy: 'Suresh',
  });

  // An active maintenance contract: its visits and its upfront invoice (issue 23).
  const contract = await ok<{ _id: string }>(
    await manager.post('/api/amc-contracts', {
      customerId: customer._id,
      projectType: 'CCTV',
      startDate: indiaDate(new Date()),
      visitsPerTerm: 4,
      price: 4800,
    }),
  );
  const active = await ok<{ invoices: Array<{ _id: string }> }>(
    await manager.post(`/api/amc-contracts/${contract._id}/activate`),
  );
  // A payment against its invoice (decision 037).
  await ok(
    await manager.post('/api/record-amc-invoice-payment', {
      invoiceId: active.invoices[0]?._id,
      amount: 100,
      paymentMethod: 'cash',
    }),
  );

  // A job's time (issue 34): the branch's hours, a technician's leave and a scheduled order.
  await ok(
    await manager.put('/api/branch-working-hours', {
      hours: {
        sun: null,
        mon: { open: '09:00', close: '18:00' },
        tue: { open: '09:00', close: '18:00' },
        wed: { open: '09:00', close: '18:00' },
        thu: { open: '09:00', close: '18:00' },
        fri: { open: '09:00', close: '18:00' },
        sat: { open: '10:00', close: '14:00' },
      },
    }),
  );
  await ok(
    await manager.post('/api/technician-leave', {
      technicianId: tA.id,
      start: '2027-03-01T03:30:00.000Z',
      end: '2027-03-01T12:30:00.000Z',
      reason: 'Family function',
    }),
  );
  const planned = await ok<{ workOrders: Array<{ orderId: string }> }>(
    await manager.post('/api/create-customer', {
      name: 'Kiran Rao',
      phoneNumber: phone(),
      projectType: 'CCTV Camera',
      initialRemark: 'Survey first',
    }),
  );
  await ok(
    await manager.post('/api/schedule-work-order', {
      orderId: planned.workOrders[0]?.orderId,
      technicianId: tA.id,
      start: '2027-03-02T05:30:00.000Z',
      durationMinutes: 90,
      window: { start: '10:30', end: '12:30' },
    }),
  );

  // A default duration an admin set, and an event a live board was told.
  await t.db
    .insert(scheduleDefaultDurations)
    .values({ projectType: 'CCTV Camera', projectCategory: 'New Installation', minutes: 180 });
  await t.db
    .insert(liveEvents)
    .values({ branchId: branchA.id, type: 'work-order', data: { note: 'seeded' } });

  // An accepted quotation, its version and the planned item of the order it opened (issue 35).
  const [quote] = await t.db
    .insert(quotations)
    .values({
      branchId: branchA.id,
      customerId: customer._id,
      number: `Q${prefix}/26-27/0001`,
      status: 'accepted',
      projectType: 'CCTV Camera',
      latestVersion: 1,
      sentVersion: 1,
      validUntil: '2026-12-31',
      workOrderId: orderRowId,
    })
    .returning({ id: quotations.id });
  await t.db.insert(quotationVersions).values({
    quotationId: quote?.id ?? '',
    version: 1,
    projectType: 'CCTV Camera',
    options: [],
    lines: [],
    validUntil: '2026-12-31',
    taxing: { kind: 'bill-of-supply', intraState: true, placeOfSupply: null },
  });
  await t.db.insert(workOrderPlannedItems).values({
    workOrderId: orderRowId,
    quotationId: quote?.id ?? '',
    position: 0,
    lineId: 'line-1',
    name: 'Mounting bracket',
    type: 'custom',
    unit: 'Piece',
    priceIncludesTax: true,
    quantity: 1,
    pricePaise: 50_000,
    discountPaise: 0,
    netAmountPaise: 50_000,
    netUnitPaise: 50_000,
  });

  // An import of one customer row (issue 36).
  const [upload] = await t.db
    .insert(imports)
    .values({
      kind: 'customers',
      branchId: branchA.id,
      fileName: 'customers.csv',
      headers: [{ header: 'Name', column: 'name' }],
      preview: { unmatched: [], missingColumns: [] },
      total: 1,
    })
    .returning({ id: imports.id });
  await t.db
    .insert(importRows)
    .values({ importId: upload?.id ?? '', rowNumber: 2, cells: ['Imported customer'] });

  // A manager's pending hand-over, and a demo request from the landing page.
  await t.db
    .insert(ownershipTransfers)
    .values({ branchId: branchA.id, oldManagerId: mA.id, newManagerId: pending.id });
  await ok(await client(t.app).post('/api/demo-requests', { phone: '9876501234', city: 'Pune' }));

  // An order that points at another (a complaint on a project): a self-reference to back up.
  const [first, second] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.branchId, branchB.id))
    .limit(2);
  await t.db
    .update(workOrders)
    .set({ existingProjectId: first?.id ?? null })
    .where(eq(workOrders.id, second?.id ?? ''));

  // Issue 37: the branch's response targets, that complaint's clock and a unit's sticker link.
  await ok(
    await manager.put('/api/complaint-sla-settings', {
      amcHours: 12,
      warrantyHours: 36,
      chargeableHours: 60,
      counting: 'calendar',
    }),
  );
  const openedAt = new Date('2026-11-30T05:00:00.000Z');
  await t.db.insert(complaintClocks).values({
    workOrderId: second?.id ?? '',
    branchId: branchB.id,
    source: 'desk',
    coverage: 'chargeable',
    installationId: first?.id ?? null,
    targetHours: 72,
    counting: 'calendar',
    openedAt,
    atRiskAt: new Date(openedAt.getTime() + 54 * 3_600_000),
    dueAt: new Date(openedAt.getTime() + 72 * 3_600_000),
  });
  await t.db
    .insert(unitLinks)
    .values({ token: 'AAAAAAAAAAAAAAAAAAAAAA', serialNumber: `${prefix}-STICKER-1` });

  // Issue 38: the reports' daily figures (the bill and orders above wrote some already; a row
  // each is made sure of here) and a reorder level.
  const reportDay = indiaDate(new Date());
  await t.db
    .insert(reportDailySales)
    .values({ branchId: branchB.id, day: reportDay, invoicedTotalPaise: 100 })
    .onConflictDoNothing();
  await t.db
    .insert(reportDailyTechnician)
    .values({ technicianId: tB.id, branchId: branchB.id, day: reportDay, completed: 1 })
    .onConflictDoNothing();
  await t.db
    .insert(reportDailyWork)
    .values({
      branchId: branchB.id,
      day: reportDay,
      projectType: 'CCTV Camera',
      projectCategory: 'Installation',
      opened: 1,
    })
    .onConflictDoNothing();
  await t.db
    .insert(reorderLevels)
    .values({ itemId: cable._id, branchId: branchA.id, level: 10 })
    .onConflictDoNothing();

  return { branchA, branchB, manager, technician, sessions: [manager, managerB, technician] };
}

/** Rows per table, by the database's own count. */
export async function countTables(db: Database, tables: readonly string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${quoteIdent(table)}`));
    counts[table] = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  }
  return counts;
}

export function expectEveryTableFilled(counts: Record<string, number>) {
  const empty = Object.entries(counts)
    .filter(([, n]) => n === 0)
    .map(([table]) => table);
  expect(empty).toEqual([]);
}

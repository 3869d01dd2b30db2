import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChecklistTemplate } from '@karya/domain/checklists';
import { JOB_STATUS_MESSAGES } from '@karya/domain/job-status';
import { type ServiceReport, serviceReportSchema } from '@karya/domain/service-report';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import {
  assignStock,
  billLine,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  type SeededOrder,
  SIGNATURE_PNG,
  stockIn,
  uniqueSerials,
} from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderSignatures } from '../../src/db/schema';
import { fileStorageOf } from '../../src/storage';
import { type Client, client, multipartForm } from '../helpers/http';
import { metadataOf, TINY_JPEG, TINY_PNG } from '../helpers/image-fixtures';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The service report (issue 22, decision 034): one answer with everything the job's PDF
 * prints, for whoever sees the order (its technician, the branch's managers, admins; another
 * branch 404), and the customer's copy through the status link, whose files are only those of
 * the link's own order.
 */

const SIGNATURE = Buffer.from(SIGNATURE_PNG);

let dataDir: string;
let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techAId: string;
let techA2: Client;
let techA2Id: string;
let techB: Client;
const cookies: Record<string, string> = {};
let order: SeededOrder;
let serial: string;
let invoiceNumber: string;
let token: string;

async function addPhoto(stage: string, caption: string, bytes: Buffer) {
  const form = multipartForm(
    { orderId: order.orderId, stage, caption },
    { name: 'p.jpg', type: 'image/jpeg', bytes },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/work-order-photos',
    payload: form.payload,
    headers: { ...form.headers, cookie: cookies.techA },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const ok = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: T }).data;
};

const reportAs = (as: Client, reference = order.orderId) =>
  as.get(`/api/service-report?orderId=${encodeURIComponent(reference)}`);

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'karya-report-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookies.admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  admin = client(t.app, cookies.admin);
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud', phone: '+91 20 2543 0000' },
    technicians: [{ firstName: 'Suresh', lastName: 'Patil', phone: '+91 98220 12345' }, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  const [first, second] = kothrud.technicians;
  techA = first.api;
  techAId = first.id;
  techA2 = second.api;
  techA2Id = second.id;
  techB = baner.technicians[0].api;
  cookies.techA = await loginAs(t.app, first.username, first.password);

  // The CCTV checklist: two items, one required.
  const saved = await ok<ChecklistTemplate[]>(
    admin.put('/api/checklist-templates', {
      projectType: 'CCTV Camera',
      items: [
        { label: 'Cameras mounted', kind: 'yes-no', required: true },
        { label: 'Cameras installed', kind: 'number', required: false },
      ],
    }),
  );
  const items = saved.find((entry) => entry.projectType === 'CCTV Camera')?.items ?? [];

  const camera = await createItem(admin, 'serialized-product', {
    name: 'Dome Camera',
    warranty: '1 year',
    salePrice: 3000,
  });
  [serial = ''] = uniqueSerials(1, 'SR');
  await stockIn(managerA, camera.id, { serials: [serial] });
  await assignStock(managerA, techAId, camera.id, { serials: [serial] });
  order = await createStartedOrder(
    managerA,
    { id: techAId, api: techA },
    {
      name: 'Meera Joshi',
      address: '12 Baner Road, Pune',
      projectType: 'CCTV Camera',
      initialRemark: 'Four cameras around the shop',
    },
  );
  for (const [item, answer] of [
    [items[0], 'yes'],
    [items[1], 4],
  ] as const) {
    await ok(
      techA.post('/api/answer-work-order-checklist', {
        orderId: order.orderId,
        itemId: item?.id,
        answer,
      }),
    );
  }
  await addPhoto('after', 'All four cameras recording', TINY_JPEG);
  await addPhoto('before', 'Wall before drilling', TINY_PNG);
  const bill = await createBill(techA, order, [billLine(camera, { serialNumber: serial })]);
  const confirmed = await confirmBill(techA, bill._id);
  invoiceNumber = confirmed.invoice?.number ?? confirmed.billNumber ?? '';
  // The customer's signature, stored as the signature route stores it.
  const fileKey = await fileStorageOf({ dataDir, s3: null }).put(SIGNATURE, 'image/png');
  await t.db.insert(workOrderSignatures).values({
    workOrderId: order._id,
    signerName: 'Meera Joshi',
    fileKey,
    contentType: 'image/png',
    size: SIGNATURE.length,
    signedBy: techAId,
  });
  await ok(
    techA.post('/api/complete-work-order', {
      orderId: order.orderId,
      customerId: order.customerId,
    }),
  );
  const link = await ok<{ token: string }>(
    managerA.post('/api/work-order-status-link', { orderId: order.orderId }),
  );
  token = link.token;
}, 90_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the report', () => {
  it('holds the job: customer, site, technician, times, answers, units, photos, signature, invoice', async () => {
    const report = await ok<ServiceReport>(reportAs(managerA));
    expect(serviceReportSchema.parse(report)).toEqual(report);
    expect(report.orderId).toBe(order.orderId);
    expect(report.projectType).toBe('CCTV Camera');
    expect(report.status).toBe('pending-approval');
    expect(report.description).toBe('Four cameras around the shop');
    expect(report.branch).toEqual({ name: 'Kothrud', phone: '+91 20 2543 0000' });
    expect(report.customer.name).toBe('Meera Joshi');
    expect(report.customer.siteAddress).toBe('12 Baner Road, Pune');
    expect(report.technician).toEqual({ name: 'Suresh Patil', phone: '+91 98220 12345' });
    const { created, assigned, started, sentForApproval, completed } = report.times;
    expect(assigned && started && sentForApproval).toBeTruthy();
    expect(created <= (assigned ?? '') && (assigned ?? '') <= (started ?? '')).toBe(true);
    expect((started ?? '') <= (sentForApproval ?? '')).toBe(true);
    expect(completed).toBeNull();
    expect(report.checklist).toEqual([
      { question: 'Cameras mounted', kind: 'yes-no', answer: 'yes', required: true },
      { question: 'Cameras installed', kind: 'number', answer: '4', required: false },
    ]);
    expect(report.units).toEqual([
      expect.objectContaining({ productName: 'Dome Camera', serialNumber: serial }),
    ]);
    expect(report.units[0]?.warrantyEnd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Before first, whatever order they were taken in.
    expect(report.photos.map((photo) => [photo.stage, photo.caption])).toEqual([
      ['before', 'Wall before drilling'],
      ['after', 'All four cameras recording'],
    ]);
    expect(report.photos[0]?.fileUrl).toBe(`/api/job-photos/${report.photos[0]?.id}/file`);
    expect(report.signature).toEqual({
      signerName: 'Meera Joshi',
      signedAt: expect.any(String),
      signedBy: 'Suresh Patil',
      fileUrl: `/api/work-order-signature/${order.orderId}/file`,
    });
    // Staff read the files at the addresses the report gives.
    const photo = await managerA.get(report.photos[0]?.fileUrl ?? '');
    expect(photo.statusCode).toBe(200);
    // The PNG sent was kept as the JPEG the server encoded from it (issue 33).
    expect(await metadataOf(photo.rawPayload)).toMatchObject({ format: 'jpeg', width: 1 });
    const signature = await managerA.get(report.signature?.fileUrl ?? '');
    expect(signature.statusCode).toBe(200);
    expect(signature.rawPayload.equals(SIGNATURE)).toBe(true);
    expect(invoiceNumber).not.toBe('');
    expect(report.invoiceNumbers).toEqual([invoiceNumber]);
  });

  it('an order with nothing yet answers empty lists and no signature, not an error', async () => {
    const bare = await createStartedOrder(managerA, { id: techA2Id, api: techA2 });
    const empty = await ok<ServiceReport>(reportAs(techA2, bare.orderId));
    expect(empty.photos).toEqual([]);
    expect(empty.units).toEqual([]);
    expect(empty.signature).toBeNull();
    expect(empty.invoiceNumbers).toEqual([]);
    expect(empty.times.sentForApproval).toBeNull();
    expect(empty.times.started).not.toBeNull();
  });
});

describe('after approval', () => {
  it('carries the completion time, after the time it was sent', async () => {
    await ok(
      managerA.post('/api/approve-order', {
        orderId: order.orderId,
        customerId: order.customerId,
        remark: 'Checked the cameras with the customer',
      }),
    );
    const report = await ok<ServiceReport>(reportAs(admin));
    expect(report.status).toBe('completed');
    expect((report.times.completed ?? '') >= (report.times.sentForApproval ?? 'z')).toBe(true);
  });
});

describe('who reads it', () => {
  it("the order's technician, the branch's manager and an admin; by _id too", async () => {
    for (const as of [techA, managerA, admin]) {
      expect((await reportAs(as)).statusCode).toBe(200);
    }
    expect((await reportAs(managerA, order._id)).statusCode).toBe(200);
  });

  it('another technician, another branch and nobody signed in read it as absent', async () => {
    for (const as of [techA2, techB, managerB]) {
      const response = await reportAs(as);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WORK_ORDER_MESSAGES.workOrderNotFound);
    }
    expect((await get(`/api/service-report?orderId=${order.orderId}`)).statusCode).toBe(401);
    expect((await reportAs(managerA, 'WO-1999-000001')).statusCode).toBe(404);
    expect((await reportAs(managerA, '')).statusCode).toBe(400);
  });
});

describe("the customer's copy through the status link", () => {
  it('answers the same report with files at the link’s own routes, which stream them', async () => {
    const response = await get(`/api/job-status/${token}/service-report`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report: ServiceReport = response.json().data;
    const staff = await ok<ServiceReport>(reportAs(managerA));
    expect({ ...report, photos: [], signature: null, generatedAt: '' }).toEqual({
      ...staff,
      photos: [],
      signature: null,
      generatedAt: '',
    });
    const [before, after] = report.photos;
    expect(before?.fileUrl).toBe(`/api/job-status/${token}/photos/${before?.id}/file`);
    expect(report.signature?.fileUrl).toBe(`/api/job-status/${token}/signature/file`);

    const photo = await get(before?.fileUrl ?? '');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await metadataOf(photo.rawPayload)).toMatchObject({ format: 'jpeg', width: 1 });
    const afterFile = (await get(after?.fileUrl ?? '')).rawPayload;
    expect(await metadataOf(afterFile)).toMatchObject({ format: 'jpeg', width: 8 });
    const signature = await get(report.signature?.fileUrl ?? '');
    expect(signature.statusCode).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');
    expect(signature.headers['x-content-type-options']).toBe('nosniff');
    expect(signature.rawPayload.equals(SIGNATURE)).toBe(true);
  });

  it("refuses another order's photo and a made-up photo like a dead link", async () => {
    const otherOrder = await createStartedOrder(managerA, { id: techAId, api: techA });
    const form = multipartForm(
      { orderId: otherOrder.orderId, stage: 'before', caption: 'Another home' },
      { name: 'x.png', type: 'image/png', bytes: TINY_PNG },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/work-order-photos',
      payload: form.payload,
      headers: { ...form.headers, cookie: cookies.techA },
    });
    expect(added.statusCode, added.body).toBe(200);
    const foreignId: string = added.json().data[0].id;
    for (const photoId of [foreignId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(`/api/job-status/${token}/photos/${photoId}/file`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(JOB_STATUS_MESSAGES.notFound);
    }
    // That order has no signature: its link answers the dead link's 404 too.
    const otherLink = await ok<{ token: string }>(
      managerA.post('/api/work-order-status-link', { orderId: otherOrder.orderId }),
    );
    const unsigned = await get(`/api/job-status/${otherLink.token}/signature/file`);
    expect(unsigned.statusCode).toBe(404);
    expect(unsigned.json().message).toBe(JOB_STATUS_MESSAGES.notFound);
  });

  it('answers the report and its files to an address that has guessed 200 times (issue 33 item 7)', async () => {
    // A carrier's NAT: the guesser and the customer share one address.
    const from = (url: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.220' });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const guessed = `${String(i).padStart(6, '0')}${'F'.repeat(26)}`;
      const url =
        i % 2
          ? `/api/job-status/${guessed}/signature/file`
          : `/api/job-status/${token}/photos/00000000-0000-4000-8000-${String(i).padStart(12, '0')}/file`;
      statuses.push((await from(url)).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);

    const report = await ok<ServiceReport>(from(`/api/job-status/${token}/service-report`));
    for (const url of [
      ...report.photos.map((photo) => photo.fileUrl),
      report.signature?.fileUrl ?? '',
    ]) {
      expect((await from(url)).statusCode, url).toBe(200);
    }
    expect((await from(`/api/job-status/${'F'.repeat(32)}/signature/file`)).statusCode).toBe(429);
  });

  it('a guessed or revoked link answers the dead link’s 404 on the report and its files', async () => {
    const report = await ok<ServiceReport>(get(`/api/job-status/${token}/service-report`));
    const guessed = 'A'.repeat(32);
    for (const url of [
      `/api/job-status/${guessed}/service-report`,
      `/api/job-status/short/service-report`,
      `/api/job-status/${guessed}/signature/file`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(JOB_STATUS_MESSAGES.notFound);
    }
    await ok(managerA.post('/api/revoke-work-order-status-link', { orderId: order.orderId }));
    for (const url of [
      `/api/job-status/${token}/service-report`,
      report.photos[0]?.fileUrl ?? '',
      report.signature?.fileUrl ?? '',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(JOB_STATUS_MESSAGES.notFound);
    }
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SIGNATURE_MESSAGES as M,
  SIGNATURE_MAX_BYTES,
  type SignatureAnswer,
} from '@karya/domain/job-signatures';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import {
  assignOrder,
  billLine,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createOrder,
  createStartedOrder,
  orderKey,
  type SeededItem,
  type SeededOrder,
  SIGNATURE_PNG,
  signAsCustomer,
} from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../../src/http/input-guard';
import { FORM_MESSAGES } from '../../src/http/one-file-form';
import {
  brokenForms,
  filesUnder,
  formType,
  type RawFile,
  rawForm,
  UNSAFE_FIELD_BYTES,
} from '../helpers/broken-forms';
import { dataDigest } from '../helpers/data-digest';
import { type Client, client, multipartForm } from '../helpers/http';
import {
  corruptPngs,
  detailedPng,
  metadataOf,
  pngClaiming,
  samePicture,
  TINY_JPEG,
  TINY_PNG,
  withTextChunk,
} from '../helpers/image-fixtures';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The customer's signature (issue 22, decision 033): the order's technician saves a PNG with
 * the customer's name on an in-progress order; the server decodes it and keeps the PNG it
 * encodes again (issue 33), capping the size; whoever sees the order reads it (another branch: 404); a branch that
 * requires it (the default) does not send the order for approval without it.
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
let techBId: string;
let branchBId: string;
let service: SeededItem;
const cookies: Record<string, string> = {};
let order: SeededOrder;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'karya-signatures-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookies.admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  admin = client(t.app, cookies.admin);
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{}, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  branchBId = baner.branch.id;
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  const [first, second] = kothrud.technicians;
  [{ id: techAId, api: techA }, { id: techA2Id, api: techA2 }] = kothrud.technicians;
  [{ id: techBId, api: techB }] = baner.technicians;
  for (const [name, user] of [
    ['techA', first],
    ['techA2', second],
    ['techB', baner.technicians[0]],
    ['managerA', kothrud.manager],
    ['managerB', baner.manager],
  ] as const) {
    cookies[name] = await loginAs(t.app, user.username, user.password);
  }
  service = await createItem(admin, 'service');
  order = await paidOrder(managerA, { id: techAId, api: techA });
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A started order with a confirmed bill: all 'Complete Project' needs but the signature. */
async function paidOrder(manager: Client, technician: { id: string; api: Client }) {
  const started = await createStartedOrder(manager, technician);
  const bill = await createBill(technician.api, started, [billLine(service)]);
  await confirmBill(technician.api, bill._id);
  return started;
}

const sign = (
  who: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null = { name: 'signature.png', bytes: SIGNATURE },
  headers: Record<string, string> = {},
) => {
  const form = multipartForm(
    fields,
    file ? { name: file.name, type: 'image/png', bytes: file.bytes } : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/work-order-signature',
    payload: form.payload,
    headers: { ...form.headers, ...headers, ...(cookies[who] ? { cookie: cookies[who] } : {}) },
  });
};

const signatureOf = async (as: Client, reference: string): Promise<SignatureAnswer> => {
  const response = await as.get(`/api/work-order-signature?orderId=${reference}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const fileOf = (who: string, reference: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/work-order-signature/${reference}/file`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
  });

/** The files the storage holds, by content. */
async function storedFiles(): Promise<Buffer[]> {
  const dir = join(dataDir, 'files');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name))),
  );
}

describe('sending for approval needs the signature', () => {
  it('is refused on both routes while the branch requires it and none is saved; nothing changes', async () => {
    expect(await signatureOf(techA, order.orderId)).toEqual({ signature: null, required: true });
    const refused = await techA.post('/api/complete-work-order', orderKey(order));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.signatureRequired);
    const viaStatus = await techA.post('/api/update-work-status', {
      ...orderKey(order),
      status: 'pending-approval',
    });
    expect(viaStatus.statusCode).toBe(409);
    expect(viaStatus.json().message).toBe(M.signatureRequired);
    const details = await techA.get(
      `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
    );
    expect(details.json().data.status).toBe('in-progress');
  });
});

describe('saving the signature', () => {
  it('refuses a text file named .png, a TINY_JPEG, an empty or missing file, and keeps nothing', async () => {
    const cases: [{ name: string; bytes: Buffer } | null, string][] = [
      [{ name: 'signature.png', bytes: Buffer.from('just some text, not a signature') }, M.notPng],
      [{ name: 'signature.png', bytes: TINY_JPEG }, M.notPng],
      [{ name: 'signature.png', bytes: Buffer.from('GIF89a\x01\0\x01\0') }, M.notPng],
      [{ name: 'signature.png', bytes: Buffer.alloc(0) }, M.fileRequired],
      [null, M.fileRequired],
    ];
    for (const [file, message] of cases) {
      const response = await sign('techA', { orderId: order.orderId, signerName: 'Asha' }, file);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await signatureOf(techA, order.orderId)).signature).toBeNull();
    expect(await storedFiles()).toHaveLength(0);
  });

  it('refuses each body that starts like a PNG but does not decode as one, and keeps nothing (issue 33)', async () => {
    for (const [what, bytes] of corruptPngs(await detailedPng())) {
      const response = await sign(
        'techA',
        { orderId: order.orderId, signerName: 'Asha' },
        { name: 'signature.png', bytes },
      );
      expect(response.statusCode, what).toBe(400);
      expect(response.json().message, what).toBe(M.unreadable);
    }
    const bomb = await sign(
      'techA',
      { orderId: order.orderId, signerName: 'Asha' },
      { name: 'signature.png', bytes: pngClaiming(30_000, 30_000) },
    );
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(M.tooManyPixels);
    expect((await signatureOf(techA, order.orderId)).signature).toBeNull();
    expect(await storedFiles()).toHaveLength(0);
  });

  it(`refuses a signature over ${SIGNATURE_MAX_BYTES / 1024} KB`, async () => {
    const big = Buffer.concat([SIGNATURE, Buffer.alloc(SIGNATURE_MAX_BYTES)]);
    const response = await sign(
      'techA',
      { orderId: order.orderId, signerName: 'Asha' },
      { name: 'signature.png', bytes: big },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.tooLarge);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("needs the customer's name, at most 100 characters, and the order", async () => {
    for (const [fields, message] of [
      [{ orderId: order.orderId }, M.nameRequired],
      [{ orderId: order.orderId, signerName: '   ' }, M.nameRequired],
      [{ orderId: order.orderId, signerName: 'x'.repeat(101) }, M.nameTooLong],
      [{ signerName: 'Asha' }, M.invalidProject],
    ] as const) {
      const response = await sign('techA', fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await storedFiles()).toHaveLength(0);
  });

  it("only the order's technician signs: the desk 403, other technicians 404", async () => {
    for (const who of ['admin', 'managerA', 'managerB']) {
      const response = await sign(who, { orderId: order.orderId, signerName: 'Asha' });
      expect(response.statusCode, who).toBe(403);
    }
    for (const who of ['techA2', 'techB']) {
      const response = await sign(who, { orderId: order.orderId, signerName: 'Asha' });
      expect(response.statusCode, who).toBe(404);
      expect(response.json().message).toBe(WORK_ORDER_MESSAGES.workOrderNotFound);
    }
    expect((await sign('nobody', { orderId: order.orderId, signerName: 'Asha' })).statusCode).toBe(
      401,
    );
    expect(await storedFiles()).toHaveLength(0);
  });

  it('an order assigned but not started takes no signature (409, nothing kept)', async () => {
    const fresh = await createOrder(managerA);
    await assignOrder(managerA, fresh, techA2Id);
    const response = await sign('techA2', { orderId: fresh.orderId, signerName: 'Asha' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.notInProgress);
    expect((await signatureOf(techA2, fresh.orderId)).signature).toBeNull();
    expect(await storedFiles()).toHaveLength(0);
  });

  it('the technician saves it with the name trimmed; the answer says who took it and when', async () => {
    const response = await sign('techA', { orderId: order.orderId, signerName: '  Asha Rao  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(M.signatureSaved);
    const answer: SignatureAnswer = response.json().data;
    expect(answer.required).toBe(true);
    expect(answer.signature).toMatchObject({
      signerName: 'Asha Rao',
      signedBy: { id: techAId },
    });
    expect(answer.signature?.signedBy?.name).toBeTruthy();
    expect(answer.signature?.fileUrl).toMatch(
      new RegExp(`^/api/work-order-signature/${order.orderId}/file\\?v=\\d+$`),
    );
    expect(Date.now() - Date.parse(answer.signature?.signedAt ?? '')).toBeLessThan(60_000);
    expect(await signatureOf(managerA, order.orderId)).toEqual(answer);
    const stored = await storedFiles();
    expect(stored).toHaveLength(1);
    // What is kept is the PNG the server encoded from the decoded pixels: the same picture.
    expect(await samePicture(stored[0], SIGNATURE)).toBe(true);
    expect(await metadataOf(stored[0] ?? Buffer.alloc(0))).toMatchObject({
      format: 'png',
      width: 24,
      height: 8,
    });
  });

  it('signing again replaces the signature and deletes the old file', async () => {
    const response = await sign(
      'techA',
      { orderId: order.orderId, signerName: 'Ravi Rao' },
      { name: 'again.png', bytes: TINY_PNG },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.signature.signerName).toBe('Ravi Rao');
    const stored = await storedFiles();
    expect(stored).toHaveLength(1);
    expect(await samePicture(stored[0], TINY_PNG)).toBe(true);
    const file = await fileOf('managerA', order.orderId);
    expect(file.rawPayload.equals(stored[0] ?? Buffer.alloc(0))).toBe(true);
  });

  it("a signature replayed under its Idempotency-Key (the phone's queue after a lost answer) lands once", async () => {
    const headers = { 'idempotency-key': 'signature-replay-1' };
    const fields = { orderId: order.orderId, signerName: 'Asha Rao' };
    const first = await sign('techA', fields, undefined, headers);
    const again = await sign('techA', fields, undefined, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const stored = await storedFiles();
    expect(stored).toHaveLength(1);
    expect(await samePicture(stored[0], SIGNATURE)).toBe(true);
  });
});

describe('reading the signature', () => {
  it("the order's technician, the branch's manager and admins read it and open its PNG", async () => {
    for (const who of ['techA', 'managerA', 'admin']) {
      const answer = await signatureOf(client(t.app, cookies[who]), order.orderId);
      expect(answer.signature?.signerName, who).toBe('Asha Rao');
      const file = await fileOf(who, order.orderId);
      expect(file.statusCode, who).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toMatch(/^private/);
      expect(await samePicture(file.rawPayload, SIGNATURE)).toBe(true);
      expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    }
    // By the order's row id too.
    expect((await fileOf('managerA', order._id)).statusCode).toBe(200);
  });

  it("another branch's manager and technician, and another technician, get 404", async () => {
    for (const who of ['managerB', 'techB', 'techA2']) {
      const list = await client(t.app, cookies[who]).get(
        `/api/work-order-signature?orderId=${order.orderId}`,
      );
      expect(list.statusCode, who).toBe(404);
      const file = await fileOf(who, order.orderId);
      expect(file.statusCode, who).toBe(404);
      expect(file.json().message).toBe(M.signatureNotFound);
    }
  });

  it('nobody signed in gets nothing; an unknown order or one without a signature is a 404', async () => {
    expect((await fileOf('nobody', order.orderId)).statusCode).toBe(401);
    expect(
      (await client(t.app).get(`/api/work-order-signature?orderId=${order.orderId}`)).statusCode,
    ).toBe(401);
    expect((await fileOf('admin', 'WO-2000-999999')).statusCode).toBe(404);
    expect((await fileOf('admin', '..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    const unsigned = await createOrder(managerA);
    expect((await fileOf('admin', unsigned.orderId)).statusCode).toBe(404);
    expect((await admin.get('/api/work-order-signature?orderId=WO-2000-999999')).statusCode).toBe(
      404,
    );
  });
});

describe('sending for approval once signed', () => {
  it('goes through on both routes; the signature stays with the order', async () => {
    const sent = await techA.post('/api/complete-work-order', orderKey(order));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('pending-approval');
    // Sent: the signature is evidence now, not signed again.
    const late = await sign('techA', { orderId: order.orderId, signerName: 'Someone else' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.notInProgress);
    expect((await signatureOf(managerA, order.orderId)).signature?.signerName).toBe('Asha Rao');

    // update-work-status to pending-approval, with a signature from the factories.
    const other = await paidOrder(managerA, { id: techA2Id, api: techA2 });
    await signAsCustomer(techA2, other);
    const viaStatus = await techA2.post('/api/update-work-status', {
      ...orderKey(other),
      status: 'pending-approval',
    });
    expect(viaStatus.statusCode, viaStatus.body).toBe(200);
    expect(viaStatus.json().data.status).toBe('pending-approval');
  });
});

describe("the branch's setting", () => {
  it('a new branch requires the signature unless the admin says otherwise', async () => {
    const added = await admin.post('/api/add-branches', { name: 'Aundh', location: 'Pune' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.requireSignature).toBe(true);
    const without = await admin.post('/api/add-branches', {
      name: 'Wakad',
      location: 'Pune',
      requireSignature: false,
    });
    expect(without.json().data.requireSignature).toBe(false);
  });

  it('only admins change it, and only to true or false', async () => {
    const byManager = await managerB.post(`/api/update-branch/${branchBId}`, {
      requireSignature: false,
    });
    expect(byManager.statusCode).toBe(403);
    for (const value of ['no', 0, null]) {
      const bad = await admin.post(`/api/update-branch/${branchBId}`, { requireSignature: value });
      expect(bad.statusCode, String(value)).toBe(400);
    }
    const branch = await admin.get(`/api/get-branch/${branchBId}`);
    expect(branch.json().data.requireSignature).toBe(true);
  });

  it('with the setting off, a project is sent for approval without a signature', async () => {
    const off = await admin.post(`/api/update-branch/${branchBId}`, { requireSignature: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.requireSignature).toBe(false);
    const unsigned = await paidOrder(managerB, { id: techBId, api: techB });
    expect(await signatureOf(techB, unsigned.orderId)).toEqual({
      signature: null,
      required: false,
    });
    const sent = await techB.post('/api/complete-work-order', orderKey(unsigned));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('pending-approval');

    // Back on: the branch's next project needs it again.
    await admin.post(`/api/update-branch/${branchBId}`, { requireSignature: true });
    const next = await paidOrder(managerB, { id: techBId, api: techB });
    const refused = await techB.post('/api/complete-work-order', orderKey(next));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.signatureRequired);
  });
});

describe('what is kept is re-encoded (issue 33 item 5)', () => {
  it('keeps the PNG it encodes from the pixels, not the bytes sent: what rode along is gone', async () => {
    const other = await paidOrder(managerA, { id: techAId, api: techA });
    const sent = withTextChunk(SIGNATURE, '<html><script>alert(document.cookie)</script></html>');
    const response = await sign(
      'techA',
      { orderId: other.orderId, signerName: 'Asha' },
      { name: 'signature.png', bytes: sent },
    );
    expect(response.statusCode, response.body).toBe(200);
    const file = await fileOf('managerA', other.orderId);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await metadataOf(file.rawPayload)).format).toBe('png');
    expect(await samePicture(file.rawPayload, SIGNATURE)).toBe(true);
    expect(file.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    const stored = await storedFiles();
    expect(stored.some((bytes) => bytes.includes(Buffer.from('<script>')))).toBe(false);
  });
});

describe('a broken form or unsafe text is refused and stores nothing (issue 33 items 3, 4)', () => {
  let fresh: SeededOrder;
  beforeAll(async () => {
    fresh = await createStartedOrder(managerA, { id: techA2Id, api: techA2 });
  });
  const sendRaw = (payload: Buffer, contentType = formType()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/work-order-signature',
      payload,
      headers: { 'content-type': contentType, cookie: cookies.techA2 },
    });
  const drawn: RawFile = { name: 'signature.png', type: 'image/png', bytes: SIGNATURE };
  /** Rows of every table and the files of the storage, to compare before and after. */
  const everything = async () => [await dataDigest(t.db), ...(await filesUnder(dataDir))];

  it('a body cut short, LF or CR line endings, no boundary or another one: 400, try again', async () => {
    const fields = { orderId: fresh.orderId, signerName: 'Asha Kulkarni' };
    const before = await everything();
    for (const [what, payload, contentType] of brokenForms(fields, drawn)) {
      const response = await sendRaw(payload, contentType);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json(), what).toEqual({ success: false, message: FORM_MESSAGES.incomplete });
    }
    expect(await everything()).toEqual(before);
    expect((await signatureOf(techA2, fresh.orderId)).signature).toBeNull();
    // The same form whole is taken: what broke it was only what each case changed.
    const whole = await sendRaw(rawForm(fields, drawn));
    expect(whole.statusCode, whole.body).toBe(200);
  });

  it('a NUL, a lone surrogate or broken UTF-8 in orderId or signerName: 400, nothing stored', async () => {
    const fields = { orderId: fresh.orderId, signerName: 'Ravi' };
    const before = await everything();
    for (const name of ['orderId', 'signerName'] as const) {
      for (const [what, bytes] of UNSAFE_FIELD_BYTES) {
        const value = Buffer.concat([Buffer.from(fields[name]), bytes]);
        const response = await sendRaw(rawForm({ ...fields, [name]: value }, drawn));
        expect(response.statusCode, `${what} in ${name}: ${response.body}`).toBe(400);
        expect(response.json().message, `${what} in ${name}`).toBe(INPUT_MESSAGES.unsafeText);
      }
    }
    expect(await everything()).toEqual(before);
    // The signature of the test above stays, its signer's name as it was.
    expect((await signatureOf(techA2, fresh.orderId)).signature?.signerName).toBe('Asha Kulkarni');
  });

  it('a name in any script is kept as sent', async () => {
    const signerName = 'José आशा 💡';
    const response = await sendRaw(rawForm({ orderId: fresh.orderId, signerName }, drawn));
    expect(response.statusCode, response.body).toBe(200);
    expect((await signatureOf(techA2, fresh.orderId)).signature?.signerName).toBe(signerName);
  });
});

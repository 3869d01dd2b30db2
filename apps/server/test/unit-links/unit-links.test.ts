import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMPLAINT_MESSAGES as M,
  type UnitPage,
  unitComplaintAnswerSchema,
  unitPageSchema,
} from '@karya/domain/complaint-schemas';
import { jobPhotoSchema } from '@karya/domain/job-photos';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintClocks, unitLinks } from '../../src/db/complaints-schema';
import { amcContracts, workOrderStatusHistory, workOrders } from '../../src/db/schema';
import {
  brokenForms,
  filesUnder,
  formType,
  rawForm,
  UNSAFE_FIELD_BYTES,
} from '../helpers/broken-forms';
import { dataDigest } from '../helpers/data-digest';
import { multipartForm } from '../helpers/http';
import { corruptPngs, detailedPng, phonePhoto } from '../helpers/image-fixtures';
import { codeIn, pagesOf } from './qr-reader';
import { BRANCH_PHONE, TRADE_NAME, type UnitWorld, unitWorld, visitor } from './unit-links.fixture';

/**
 * Issue 37: a unit's QR sticker link (made by the desk for a unit it sees, the same on every
 * ask, following the unit through a warranty replacement), its public page (one unit, never
 * the customer; a dead token answers as a guessed one, in the same time) and the complaint
 * from it (the customer's phone; one open complaint a unit, joined by the next).
 */

let w: UnitWorld;
let ipSeq = 0;
/** A fresh address, so one test's failures never count against another's. */
const freshIp = () => {
  ipSeq += 1;
  return `198.51.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};

let dataDir: string;

beforeAll(async () => {
  // Its own storage: a complaint's photo is a file, and a refused one must leave none.
  dataDir = await mkdtemp(join(tmpdir(), 'karya-unit-links-'));
  w = await unitWorld({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await w.t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function pageOf(token: string, ip = freshIp()): Promise<UnitPage> {
  const response = await visitor(w.t, ip).get(`/api/unit/${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return unitPageSchema.parse(response.json().data);
}

async function complain(
  token: string,
  fields: { description: string; phone: string },
  ip = freshIp(),
) {
  return visitor(w.t, ip).post(`/api/unit/${token}/complaint`, fields);
}

async function ordersOfInstallation(installationUuid: string) {
  return w.t.db
    .select({ id: workOrders.id, orderId: workOrders.orderId, status: workOrders.status })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.projectCategory, 'Repair'),
        eq(workOrders.existingProjectId, installationUuid),
      ),
    );
}

/** A token of the right shape differing from `token` in its last character only. */
const neighbourOf = (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

describe('POST /api/unit-link', () => {
  it('gives the desk one link of 128 random bits per unit, the same on every ask', async () => {
    const { serial } = await w.installNew();
    const first = await w.linkOf(serial);
    expect(first.serialNumber).toBe(serial);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.url).toBe(`/u/${first.token}`);
    expect((await w.linkOf(serial)).token).toBe(first.token);
    expect((await w.linkOf(serial, w.admin)).token).toBe(first.token);
    const other = await w.installNew();
    expect((await w.linkOf(other.serial)).token).not.toBe(first.token);
  });

  it('refuses technicians (403), answers another branch’s unit as unknown (404), and a blank serial 400', async () => {
    const { serial } = await w.installNew();
    const technician = await w.techA.post('/api/unit-link', { serial });
    expect(technician.statusCode).toBe(403);
    const otherBranch = await w.managerB.post('/api/unit-link', { serial });
    expect(otherBranch.statusCode).toBe(404);
    expect(otherBranch.json().message).toBe(M.serialNotFound);
    const unknown = await w.managerA.post('/api/unit-link', { serial: 'NO-SUCH-SERIAL' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.serialNotFound);
    const blank = await w.managerA.post('/api/unit-link', { serial: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(M.serialRequired);
    const made = await w.t.db.select().from(unitLinks).where(eq(unitLinks.serialNumber, serial));
    expect(made).toEqual([]);
  });

  it('makes one link when two first asks arrive at once', async () => {
    const { serial } = await w.installNew();
    const answers = await Promise.all(
      [w.managerA, w.admin, w.managerA, w.admin].map((as) => as.post('/api/unit-link', { serial })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const tokens = new Set(answers.map((answer) => answer.json().data.token));
    expect(tokens.size).toBe(1);
    const rows = await w.t.db.select().from(unitLinks).where(eq(unitLinks.serialNumber, serial));
    expect(rows).toHaveLength(1);
  });

  it('prints a label before installation: its page is the unknown 404 until the unit is installed', async () => {
    const [serial = ''] = await w.stock(1, 'PRE');
    const link = await w.linkOf(serial);
    const before = await visitor(w.t, freshIp()).get(`/api/unit/${link.token}`);
    const guessed = await visitor(w.t, freshIp()).get(`/api/unit/${neighbourOf(link.token)}`);
    expect(before.statusCode).toBe(404);
    expect(before.body).toBe(guessed.body);
    const refused = await complain(link.token, { description: 'Not working', phone: '9876543210' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.unitNotFound);

    await w.install([serial]);
    const page = await pageOf(link.token);
    expect(page.serialNumber).toBe(serial);
    expect((await w.linkOf(serial)).token).toBe(link.token);
  });
});

describe('GET /api/unit-labels without PUBLIC_URL', () => {
  it('prints the links at the address the desk is using', async () => {
    const [serial = ''] = await w.stock(1, 'ORG');
    const response = await w.t.app.inject({
      method: 'GET',
      url: `/api/unit-labels?serials=${serial}&layout=single`,
      headers: { cookie: w.managerACookie, host: 'crm.shop.example:8443' },
    });
    expect(response.statusCode).toBe(200);
    const [page] = await pagesOf(response.rawPayload);
    const code = page ? await codeIn(page, { x: 0, y: 0, width: 70, height: 40 }) : null;
    expect(code?.data).toBe(`http://crm.shop.example:8443/u/${(await w.linkOf(serial)).token}`);
  });
});

describe('GET /api/unit/:token', () => {
  it('answers its own unit, the shop and the cover, never the customer', async () => {
    const mine = await w.installNew();
    const theirs = await w.installNew();
    const [link, otherLink] = [await w.linkOf(mine.serial), await w.linkOf(theirs.serial)];
    const response = await visitor(w.t, freshIp()).get(`/api/unit/${link.token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = unitPageSchema.parse(response.json().data);
    expect(page).toMatchObject({
      serialNumber: mine.serial,
      productName: 'Dome Camera 4MP',
      warranty: { active: true },
      amc: null,
      coverage: 'warranty',
      business: { name: TRADE_NAME },
      branch: { name: 'Kothrud', phone: BRANCH_PHONE, whatsapp: BRANCH_PHONE },
      language: 'hinglish',
      openComplaint: null,
    });
    expect(page.installationDate).not.toBeNull();
    expect(page.warranty.until).not.toBeNull();
    expect(page.lastVisits).toEqual([
      expect.objectContaining({
        orderId: mine.order.orderId,
        projectCategory: 'New Installation',
        status: 'completed',
      }),
    ]);
    // Nothing of the customer: not their name, not their number, not another unit's.
    const digits = mine.phone.replace(/\D/g, '').slice(-10);
    for (const secret of [mine.customerName, digits, 'Baner Road', 'Gate 2', theirs.serial]) {
      expect(response.body).not.toContain(secret);
    }
    const other = await pageOf(otherLink.token);
    expect(other.serialNumber).toBe(theirs.serial);
    expect(JSON.stringify(other)).not.toContain(mine.serial);
  });

  it('answers a guessed, a neighbouring and a malformed token with the same 404', async () => {
    const { serial } = await w.installNew();
    const { token } = await w.linkOf(serial);
    const bodies = new Set<string>();
    for (const dead of [
      neighbourOf(token),
      'AAAAAAAAAAAAAAAAAAAAAA',
      'short',
      `${token}x`,
      '%20',
    ]) {
      const response = await visitor(w.t, freshIp()).get(`/api/unit/${dead}`);
      expect(response.statusCode, dead).toBe(404);
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      bodies.add(response.body);
    }
    expect([...bodies]).toEqual([JSON.stringify({ success: false, message: M.unitNotFound })]);
  });

  it('takes as long for a neighbouring token as for a guessed one (no timing to learn from)', async () => {
    const { serial } = await w.installNew();
    const { token } = await w.linkOf(serial);
    const neighbour = neighbourOf(token);
    const timed = async (candidate: string) => {
      const started = process.hrtime.bigint();
      const response = await visitor(w.t, freshIp()).get(`/api/unit/${candidate}`);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.statusCode).toBe(404);
      return ms;
    };
    const random = () => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      return Array.from({ length: 22 }, () => alphabet[Math.floor(Math.random() * 64)]).join('');
    };
    // Warm-up, then each kind in turn, so a load spike on the machine touches both alike.
    for (let i = 0; i < 10; i += 1) await timed(random());
    const guessed: number[] = [];
    const near: number[] = [];
    for (let i = 0; i < 120; i += 1) {
      guessed.push(await timed(random()));
      near.push(await timed(neighbour));
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const [a, b] = [median(guessed), median(near)];
    expect(Math.abs(a - b), `medians ${a.toFixed(2)} ms and ${b.toFixed(2)} ms`).toBeLessThan(
      Math.max(3, 0.5 * Math.max(a, b)),
    );
  }, 120_000);

  it('reads the AMC covering the unit, else the one that ended last', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const [installation] = await w.t.db
      .select({ id: workOrders.id, branchId: workOrders.branchId })
      .from(workOrders)
      .where(eq(workOrders.orderId, unit.order.orderId));
    if (!installation) throw new Error('installation not found');
    const contract = {
      branchId: installation.branchId,
      customerId: unit.order.customerId,
      projectType: unit.order.projectType,
      visitsPerTerm: 2,
      pricePaise: 500_000,
      status: 'active' as const,
    };
    await w.t.db.insert(amcContracts).values({
      ...contract,
      contractNumber: `AMC-T-${unit.serial}-1`,
      serialNumbers: [unit.serial],
      startDate: '2020-01-01',
      endDate: '2020-12-31',
      status: 'expired',
    });
    expect((await pageOf(token)).amc).toEqual({ until: '2020-12-31', active: false });
    await w.t.db.insert(amcContracts).values({
      ...contract,
      contractNumber: `AMC-T-${unit.serial}-2`,
      workOrderId: installation.id,
      startDate: '2021-01-01',
      endDate: '2099-12-31',
    });
    const page = await pageOf(token);
    expect(page.amc).toEqual({ until: '2099-12-31', active: true });
    expect(page.coverage).toBe('amc');
  });
});

describe('POST /api/unit/:token/complaint', () => {
  it('needs the customer’s phone; then opens a Repair order with the serial on its clock and gives its status page', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const wrong = await complain(token, { description: 'No picture', phone: '+91 90000 00000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.phoneMismatch);
    const missing = await complain(token, { description: 'No picture', phone: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.phoneRequired);
    const [installation] = await w.t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.orderId, unit.order.orderId));
    if (!installation) throw new Error('installation not found');
    expect(await ordersOfInstallation(installation.id)).toEqual([]);

    const typed = `0${unit.phone.replace(/\D/g, '').slice(-10)}`;
    const response = await complain(token, {
      description: 'No picture since Monday',
      phone: typed,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(M.complaintRaised);
    const answer = unitComplaintAnswerSchema.parse(response.json().data);
    expect(answer.joined).toBe(false);
    expect(answer.statusPath).toMatch(/^\/s\/[A-Za-z0-9_-]{32}$/);

    const [order] = await ordersOfInstallation(installation.id);
    expect(order).toMatchObject({ orderId: answer.orderId, status: 'pending' });
    const [clock] = await w.t.db
      .select()
      .from(complaintClocks)
      .where(eq(complaintClocks.workOrderId, order?.id ?? ''));
    expect(clock).toMatchObject({
      source: 'unit-page',
      serialNumber: unit.serial,
      coverage: 'warranty',
      installationId: installation.id,
    });
    const status = await visitor(w.t, freshIp()).get(
      `/api/job-status/${answer.statusPath.slice(3)}`,
    );
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.orderId).toBe(answer.orderId);
    const page = await pageOf(token);
    // The sticker's page names the open complaint but gives no link to its status page, which
    // names the customer: that link is the phone-checked complaint's answer alone.
    expect(page.openComplaint).toEqual({ orderId: answer.orderId, openedAt: expect.any(String) });
    expect(JSON.stringify(page)).not.toContain(answer.statusPath.slice(3));
    expect(page.lastVisits[0]).toMatchObject({
      orderId: answer.orderId,
      projectCategory: 'Repair',
    });
  });

  it('joins the open complaint with a remark instead of opening a second', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const first = await complain(token, { description: 'Blinking red light', phone: unit.phone });
    expect(first.statusCode, first.body).toBe(200);
    const again = await complain(token, { description: 'Now fully dark', phone: unit.phone });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(M.complaintJoined);
    const joined = unitComplaintAnswerSchema.parse(again.json().data);
    expect(joined).toEqual({ ...first.json().data, joined: true });
    const [order] = await w.t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.orderId, joined.orderId));
    const remarks = await w.t.db
      .select({ remark: workOrderStatusHistory.remark })
      .from(workOrderStatusHistory)
      .where(
        and(
          eq(workOrderStatusHistory.workOrderId, order?.id ?? ''),
          eq(workOrderStatusHistory.status, 'remark'),
        ),
      );
    expect(remarks).toHaveLength(1);
    expect(remarks[0]?.remark).toContain('Now fully dark');
    expect(remarks[0]?.remark).toContain(unit.serial);
  });

  it('joins a complaint raised without a serial (the status page), from any unit of the installation', async () => {
    const [first = '', second = ''] = await w.stock(2, 'TWO');
    const installed = await w.install([first, second]);
    const [linkOne, linkTwo] = [await w.linkOf(first), await w.linkOf(second)];
    const status = await w.managerA.post('/api/work-order-status-link', {
      orderId: installed.order.orderId,
    });
    expect(status.statusCode, status.body).toBe(200);
    const fromStatusPage = await visitor(w.t, freshIp()).post(
      `/api/job-status/${status.json().data.token}/complaint`,
      { description: 'Recorder beeping', phone: installed.phone },
    );
    expect(fromStatusPage.statusCode, fromStatusPage.body).toBe(200);
    const orderId = fromStatusPage.json().data.orderId;
    expect((await pageOf(linkOne.token)).openComplaint?.orderId).toBe(orderId);

    const joined = await complain(linkOne.token, {
      description: 'This camera too',
      phone: installed.phone,
    });
    expect(joined.json().data).toMatchObject({ orderId, joined: true });
    // Raised about the installation as a whole, it is every unit's: the other one joins it too.
    const own = await complain(linkTwo.token, { description: 'Other one', phone: installed.phone });
    expect(own.json().data).toMatchObject({ orderId, joined: true });
  });

  it('keeps complaints about two units of one installation apart once each names its unit', async () => {
    const [first = '', second = ''] = await w.stock(2, 'PAIR');
    const installed = await w.install([first, second]);
    const [linkOne, linkTwo] = [await w.linkOf(first), await w.linkOf(second)];
    const one = await complain(linkOne.token, { description: 'Dark', phone: installed.phone });
    const two = await complain(linkTwo.token, { description: 'Blurry', phone: installed.phone });
    expect(one.json().data.joined).toBe(false);
    expect(two.json().data.joined).toBe(false);
    expect(two.json().data.orderId).not.toBe(one.json().data.orderId);
    expect((await pageOf(linkTwo.token)).openComplaint?.orderId).toBe(two.json().data.orderId);
  });

  it('makes one order and one remark of two complaints sent at once', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const answers = await Promise.all([
      complain(token, { description: 'Camera offline', phone: unit.phone }),
      complain(token, { description: 'Camera still offline', phone: unit.phone }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const parsed = answers.map((answer) => unitComplaintAnswerSchema.parse(answer.json().data));
    expect(new Set(parsed.map((answer) => answer.orderId)).size).toBe(1);
    expect(parsed.map((answer) => answer.joined).sort()).toEqual([false, true]);
    const [installation] = await w.t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.orderId, unit.order.orderId));
    const orders = await ordersOfInstallation(installation?.id ?? '');
    expect(orders).toHaveLength(1);
    const remarks = await w.t.db
      .select()
      .from(workOrderStatusHistory)
      .where(
        and(
          eq(workOrderStatusHistory.workOrderId, orders[0]?.id ?? ''),
          eq(workOrderStatusHistory.status, 'remark'),
        ),
      );
    expect(remarks).toHaveLength(1);
  });

  it('keeps a photo as the order’s before-photo, re-encoded; refuses a file that is not an image', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const send = (bytes: Buffer, name: string) => {
      const form = multipartForm(
        { description: 'Lens cracked', phone: unit.phone },
        { name, type: 'image/jpeg', bytes },
      );
      return w.t.app.inject({
        method: 'POST',
        url: `/api/unit/${token}/complaint`,
        payload: form.payload,
        headers: form.headers,
        remoteAddress: freshIp(),
      });
    };
    const refused = await send(Buffer.from('not an image at all'), 'crack.jpg');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.photoInvalid);
    expect((await pageOf(token)).openComplaint).toBeNull();

    const response = await send(await phonePhoto(640, 480), 'crack.jpg');
    expect(response.statusCode, response.body).toBe(200);
    const answer = unitComplaintAnswerSchema.parse(response.json().data);
    const photos = await w.managerA.get(`/api/work-order-photos?orderId=${answer.orderId}`);
    expect(photos.statusCode, photos.body).toBe(200);
    const [photo, ...more] = jobPhotoSchema.array().parse(photos.json().data);
    expect(more).toEqual([]);
    expect(photo).toMatchObject({ stage: 'before', takenBy: null, contentType: 'image/jpeg' });
  });

  it('refuses an empty form, a body that is not JSON and an unknown token without a 500', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const empty = multipartForm({ phone: unit.phone });
    const noFields = await w.t.app.inject({
      method: 'POST',
      url: `/api/unit/${token}/complaint`,
      payload: empty.payload,
      headers: empty.headers,
      remoteAddress: freshIp(),
    });
    expect(noFields.statusCode).toBe(400);
    expect(noFields.json().message).toBe(M.descriptionRequired);
    const badJson = await w.t.app.inject({
      method: 'POST',
      url: `/api/unit/${token}/complaint`,
      payload: '{"description": ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    });
    expect(badJson.statusCode).toBe(400);
    const unknown = await complain(neighbourOf(token), { description: 'x', phone: unit.phone });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.unitNotFound);
    expect((await pageOf(token)).openComplaint).toBeNull();
  });
});

describe('the complaint’s upload, broken on purpose', () => {
  it('refuses every broken form, unsafe text, corrupt or oversized photo with a 4xx and stores nothing', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const fields = { description: 'Lens cracked', phone: unit.phone };
    const file = { name: 'crack.png', type: 'image/png', bytes: await detailedPng() };
    const cases: [string, Buffer, string][] = [
      ...brokenForms(fields, file),
      ...UNSAFE_FIELD_BYTES.map(([what, bytes]): [string, Buffer, string] => [
        `${what} in the description`,
        rawForm({ ...fields, description: Buffer.concat([Buffer.from('Lens '), bytes]) }, file),
        formType(),
      ]),
      ...corruptPngs(file.bytes).map(([what, bytes]): [string, Buffer, string] => [
        what,
        rawForm(fields, { ...file, bytes }),
        formType(),
      ]),
      [
        'a photo over 10 MB',
        rawForm(fields, { ...file, bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }),
        formType(),
      ],
    ];
    const state = async () =>
      `${await dataDigest(w.t.db)}\n${(await filesUnder(dataDir)).join('\n')}`;
    const before = await state();
    const failures: string[] = [];
    for (const [what, payload, contentType] of cases) {
      const response = await w.t.app.inject({
        method: 'POST',
        url: `/api/unit/${token}/complaint`,
        payload,
        headers: { 'content-type': contentType },
        remoteAddress: freshIp(),
      });
      const body = JSON.parse(response.body) as { success?: unknown; message?: unknown };
      if (response.statusCode < 400 || response.statusCode >= 500 || body.success !== false) {
        failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await state()).toBe(before);
  }, 60_000);
});

describe('a warranty replacement', () => {
  it('keeps the sticker: the same token shows the new unit, and the new serial answers the same link', async () => {
    const unit = await w.installNew('RPL');
    const link = await w.linkOf(unit.serial);
    const registered = await w.managerA.post('/api/register-replacement', {
      serialNumber: unit.serial,
      workOrderId: unit.order.orderId,
      customerName: unit.customerName,
      customerPhone: unit.phone,
      issueDescription: 'No video after power cut',
      issueCheckedBy: 'Ravi (bench test)',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const [spare = ''] = await w.stock(1, 'NEW');
    const completed = await w.managerA.post('/api/complete-replacement', {
      replacementId: registered.json().data._id,
      newSerialNumber: spare,
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const page = await pageOf(link.token);
    expect(page.serialNumber).toBe(spare);
    expect(JSON.stringify(page)).not.toContain(unit.serial);
    const again = await w.linkOf(spare);
    expect(again).toEqual(link);
    // The complaint from the sticker is about the unit on the wall now.
    const raised = await complain(link.token, {
      description: 'New one flickers',
      phone: unit.phone,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const [order] = await w.t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.orderId, raised.json().data.orderId));
    const [clock] = await w.t.db
      .select({ serialNumber: complaintClocks.serialNumber })
      .from(complaintClocks)
      .where(eq(complaintClocks.workOrderId, order?.id ?? ''));
    expect(clock?.serialNumber).toBe(spare);
  });
});

describe('rate limits on the public routes', () => {
  it('answers 429 after 120 dead look-ups from an address, while a live link still answers there', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const ip = freshIp();
    const dead = neighbourOf(token);
    for (let i = 0; i < 120; i += 1) {
      expect((await visitor(w.t, ip).get(`/api/unit/${dead}`)).statusCode).toBe(404);
    }
    const refused = await visitor(w.t, ip).get(`/api/unit/${dead}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooMany);
    expect((await pageOf(token, ip)).serialNumber).toBe(unit.serial);
  }, 60_000);

  it('answers 429 after 10 complaints with a wrong phone from an address', async () => {
    const unit = await w.installNew();
    const { token } = await w.linkOf(unit.serial);
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await complain(token, { description: 'x', phone: '+91 90000 00000' }, ip);
      expect(wrong.statusCode).toBe(400);
    }
    const refused = await complain(token, { description: 'x', phone: '+91 90000 00000' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooMany);
    // Nothing was opened by any of them.
    const opened = await w.t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.customerId, unit.order.customerId),
          or(eq(workOrders.projectCategory, 'Repair')),
        ),
      );
    expect(opened).toEqual([]);
  });
});

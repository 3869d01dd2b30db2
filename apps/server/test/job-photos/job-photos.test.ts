import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JobPhoto, PHOTO_MESSAGES as M, PHOTO_MAX_BYTES } from '@karya/domain/job-photos';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import {
  assignOrder,
  changeStatus,
  createBranchTeam,
  createOrder,
  createStartedOrder,
  type SeededOrder,
} from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../../src/http/input-guard';
import { FORM_MESSAGES } from '../../src/http/one-file-form';
import {
  BOUNDARY,
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
  exifOf,
  firstPixelOf,
  metadataOf,
  phonePhoto,
  pngClaiming,
  TINY_JPEG,
  TINY_PNG,
  transparentPng,
} from '../helpers/image-fixtures';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Job photos (issue 22): the order's technician adds before/during/after photos to an
 * in-progress order; the server caps the size, decodes the image and keeps the JPEG it
 * encodes again (issue 33: upright, at most 1600 px, no EXIF); the photo is read only
 * through its route, by whoever sees the order (another branch: 404).
 */

let dataDir: string;
let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techA2: Client;
let techA2Id: string;
let techB: Client;
const cookies: Record<string, string> = {};
let order: SeededOrder;
let techAUser: { id: string; api: Client };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'karya-photos-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookies.admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  admin = client(t.app, cookies.admin);
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{}, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  const [first, second] = kothrud.technicians;
  techA = first.api;
  techAUser = first;
  techA2 = second.api;
  techA2Id = second.id;
  techB = baner.technicians[0].api;
  for (const [name, user] of [
    ['techA', first],
    ['techA2', second],
    ['techB', baner.technicians[0]],
    ['managerA', kothrud.manager],
    ['managerB', baner.manager],
  ] as const) {
    cookies[name] = await loginAs(t.app, user.username, user.password);
  }
  order = await createStartedOrder(managerA, first);
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (
  who: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null = { name: 'photo.png', bytes: TINY_PNG },
) => {
  const form = multipartForm(fields, file ? { ...file, type: 'image/jpeg' } : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/work-order-photos',
    payload: form.payload,
    headers: { ...form.headers, cookie: cookies[who] },
  });
};

const photosOf = async (as: Client, reference: string): Promise<JobPhoto[]> => {
  const response = await as.get(`/api/work-order-photos?orderId=${reference}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('adding photos', () => {
  it('the technician adds a before photo with a caption and an after photo', async () => {
    const before = await upload('techA', {
      orderId: order.orderId,
      stage: 'before',
      caption: 'Wall before drilling',
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().message).toBe(M.photoAdded);
    const after = await upload(
      'techA',
      { orderId: order.orderId, stage: 'after', caption: '' },
      { name: 'done.jpg', bytes: TINY_JPEG },
    );
    expect(after.statusCode, after.body).toBe(200);
    const photos: JobPhoto[] = after.json().data;
    expect(photos.map((photo) => [photo.stage, photo.caption, photo.contentType])).toEqual([
      // Whatever was sent, what is kept is a JPEG the server encoded.
      ['before', 'Wall before drilling', 'image/jpeg'],
      ['after', '', 'image/jpeg'],
    ]);
    expect(photos[0]?.takenByName).toBeTruthy();
  });

  it('refuses a text file named .jpg, telling why, and keeps nothing', async () => {
    const response = await upload(
      'techA',
      { orderId: order.orderId, stage: 'during' },
      { name: 'photo.jpg', bytes: Buffer.from('just some text, not a photo') },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.notAnImage);
    expect(await photosOf(techA, order.orderId)).toHaveLength(2);
  });

  it('refuses a file that starts like a PDF or a GIF (not TINY_JPEG, TINY_PNG or WebP)', async () => {
    for (const bytes of [
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'),
      Buffer.from('GIF89a\x01\0\x01\0'),
    ]) {
      const response = await upload(
        'techA',
        { orderId: order.orderId, stage: 'during' },
        { name: 'x.png', bytes },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.notAnImage);
    }
  });

  it('refuses a photo over 5 MB', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const response = await upload(
      'techA',
      { orderId: order.orderId, stage: 'during' },
      { name: 'big.png', bytes: big },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.tooLarge);
    expect(await photosOf(techA, order.orderId)).toHaveLength(2);
  });

  it('refuses a missing file, a wrong stage and an over-long caption', async () => {
    const noFile = await upload('techA', { orderId: order.orderId, stage: 'before' }, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(M.fileRequired);
    const badStage = await upload('techA', { orderId: order.orderId, stage: 'later' });
    expect(badStage.statusCode).toBe(400);
    expect(badStage.json().message).toBe(M.invalidStage);
    const longCaption = await upload('techA', {
      orderId: order.orderId,
      stage: 'before',
      caption: 'x'.repeat(201),
    });
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().message).toBe(M.captionTooLong);
  });

  it('an order not in progress takes no photos', async () => {
    const fresh = await createOrder(managerA);
    const response = await upload('admin', { orderId: fresh.orderId, stage: 'before' });
    expect(response.statusCode).toBe(403);
    const notStarted = await upload('techA', { orderId: fresh.orderId, stage: 'before' });
    expect(notStarted.statusCode).toBe(404);
    // Assigned to its technician but not started: refused, saying why.
    await assignOrder(managerA, fresh, techA2Id);
    const assigned = await upload('techA2', { orderId: fresh.orderId, stage: 'before' });
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().message).toBe(M.notInProgress);
    expect(await photosOf(techA2, fresh.orderId)).toEqual([]);
  });

  it("only the order's technician adds: another technician of the branch or of another branch reads it as absent", async () => {
    for (const who of ['techA2', 'techB']) {
      const response = await upload(who, { orderId: order.orderId, stage: 'before' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WORK_ORDER_MESSAGES.workOrderNotFound);
    }
    expect(await photosOf(techA, order.orderId)).toHaveLength(2);
  });
});

describe('reading photos', () => {
  const fileOf = (who: string, photoId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/job-photos/${photoId}/file`,
      headers: cookies[who] ? { cookie: cookies[who] } : {},
    });

  it("the order's technician, the branch's manager and admins list and open the photos", async () => {
    const before = (await photosOf(techA, order.orderId))[0] as JobPhoto;
    expect((await photosOf(managerA, order.orderId)).map((photo) => photo.id)).toContain(before.id);
    expect(await photosOf(admin, order.orderId)).toHaveLength(2);
    for (const who of ['techA', 'managerA', 'admin']) {
      const response = await fileOf(who, before.id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(await metadataOf(response.rawPayload)).toMatchObject({
        format: 'jpeg',
        width: 1,
        height: 1,
      });
    }
  });

  it("another branch's manager and technician, and another technician, get 404", async () => {
    const before = (await photosOf(techA, order.orderId))[0] as JobPhoto;
    for (const as of [managerB, techB, techA2]) {
      const list = await as.get(`/api/work-order-photos?orderId=${order.orderId}`);
      expect(list.statusCode).toBe(404);
    }
    for (const who of ['managerB', 'techB', 'techA2']) {
      expect((await fileOf(who, before.id)).statusCode).toBe(404);
    }
  });

  it('nobody signed in gets no photo; an unknown photo is a 404', async () => {
    const before = (await photosOf(techA, order.orderId))[0] as JobPhoto;
    expect((await fileOf('nobody', before.id)).statusCode).toBe(401);
    expect((await fileOf('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await fileOf('admin', '..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

describe('the offline queue', () => {
  it("a photo replayed under its Idempotency-Key (the phone's queue after a lost answer) lands once", async () => {
    const form = multipartForm(
      { orderId: order.orderId, stage: 'during', caption: 'Sent twice' },
      { name: 'photo.png', type: 'image/jpeg', bytes: TINY_PNG },
    );
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/work-order-photos',
        payload: form.payload,
        headers: { ...form.headers, cookie: cookies.techA, 'idempotency-key': 'photo-replay-1' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    const photos = await photosOf(techA, order.orderId);
    expect(photos.filter((photo) => photo.caption === 'Sent twice')).toHaveLength(1);
  });
});

describe('the order of photos and taking one back', () => {
  const remove = (as: Client, photoId: string) => as.delete('/api/work-order-photos', { photoId });
  const storedFiles = async () =>
    (await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true })).filter(
      (entry) => entry.isFile(),
    ).length;

  it('reads before, during, after, whatever order they were taken in', async () => {
    const photos = await photosOf(managerA, order.orderId);
    expect(photos.map((photo) => photo.stage)).toEqual(['before', 'during', 'after']);
  });

  it('only the order’s technician removes a photo; the desk and other technicians cannot', async () => {
    const during = (await photosOf(techA, order.orderId)).find((p) => p.stage === 'during');
    if (!during) throw new Error('the during photo is missing');
    for (const as of [managerA, admin]) expect((await remove(as, during.id)).statusCode).toBe(403);
    for (const as of [techA2, techB]) {
      const response = await remove(as, during.id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.photoNotFound);
    }
    expect((await remove(techA, 'not-a-photo')).statusCode).toBe(404);
    expect(await photosOf(techA, order.orderId)).toHaveLength(3);
  });

  it('the technician removes a blurred photo: its row and its file go', async () => {
    const during = (await photosOf(techA, order.orderId)).find((p) => p.stage === 'during');
    if (!during) throw new Error('the during photo is missing');
    const filesBefore = await storedFiles();
    const response = await remove(techA, during.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(M.photoRemoved);
    expect(response.json().data.map((photo: JobPhoto) => photo.stage)).toEqual(['before', 'after']);
    expect(await storedFiles()).toBe(filesBefore - 1);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/job-photos/${during.id}/file`,
      headers: { cookie: cookies.managerA },
    });
    expect(file.statusCode).toBe(404);
    expect((await remove(techA, during.id)).statusCode).toBe(404);
  });

  it('once the order is paused the photos stay (409, nothing removed)', async () => {
    await changeStatus(techA, order, 'paused', 'Waiting for the customer');
    const [first] = await photosOf(techA, order.orderId);
    if (!first) throw new Error('no photo');
    const response = await remove(techA, first.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.removeNotInProgress);
    expect(await photosOf(techA, order.orderId)).toHaveLength(2);
  });
});

describe('every photo is decoded and kept re-encoded (issue 33 item 5)', () => {
  let fresh: SeededOrder;
  beforeAll(async () => {
    fresh = await createStartedOrder(managerA, techAUser);
  });
  const send = (bytes: Buffer, caption = '') =>
    upload('techA', { orderId: fresh.orderId, stage: 'during', caption }, { name: 'p.jpg', bytes });
  const storedFiles = async () =>
    (await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  const fileOf = (photoId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/job-photos/${photoId}/file`,
      headers: { cookie: cookies.managerA },
    });

  it('refuses each body that starts like a PNG but does not decode as one; nothing is stored', async () => {
    const files = (await storedFiles()).length;
    for (const [what, bytes] of corruptPngs(await detailedPng())) {
      const response = await send(bytes);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().message, what).toBe(M.unreadable);
    }
    const half = await phonePhoto(300, 200);
    const cut = await send(half.subarray(0, Math.floor(half.length / 2)));
    expect(cut.statusCode, 'half a JPEG').toBe(400);
    expect(cut.json().message).toBe(M.unreadable);
    expect(await photosOf(techA, fresh.orderId)).toEqual([]);
    expect(await storedFiles()).toHaveLength(files);
  });

  it('refuses a decompression bomb (a few kB claiming 30,000 × 30,000 px) before decoding it', async () => {
    const response = await send(pngClaiming(30_000, 30_000));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.tooManyPixels);
    expect(await photosOf(techA, fresh.orderId)).toEqual([]);
  });

  it("a 4000×3000 phone photo comes back upright, 1600 px at most, smaller, and without its EXIF (the customer's GPS)", async () => {
    const sent = await phonePhoto(4000, 3000);
    // The fixture is what a phone sends: EXIF with a GPS block (tag 0x8825) and Orientation 6.
    const sentExif = await exifOf(sent);
    expect(sentExif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect((await metadataOf(sent)).orientation).toBe(6);
    const response = await send(sent, 'Camera on the gate');
    expect(response.statusCode, response.body).toBe(200);
    const [photo] = response.json().data as JobPhoto[];
    expect(photo?.contentType).toBe('image/jpeg');
    const file = await fileOf(photo?.id ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const served = file.rawPayload;
    expect(photo?.size).toBe(served.length);
    expect(served.length).toBeLessThan(sent.length / 4);
    const meta = await metadataOf(served);
    // Held sideways: turned upright, so 3000 wide × 4000 high becomes 1200 × 1600.
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(served.includes(Buffer.from('Karya Phone'))).toBe(false);
    // The stored file is the served one: the GPS never reached the storage either.
    const stored = await Promise.all((await storedFiles()).map((path) => readFile(path)));
    expect(stored.some((bytes) => bytes.equals(served))).toBe(true);
    expect(stored.some((bytes) => bytes.includes(Buffer.from('Karya Phone')))).toBe(false);
  });

  it('a PNG smaller than 1600 px is kept at its size as a JPEG; a transparent one on white', async () => {
    const png = await detailedPng(320, 240);
    const response = await send(png, 'A PNG');
    expect(response.statusCode, response.body).toBe(200);
    const photo = (response.json().data as JobPhoto[]).find((p) => p.caption === 'A PNG');
    const file = await fileOf(photo?.id ?? '');
    expect(await metadataOf(file.rawPayload)).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });
    // JPEG has no transparency: the clear pixels are kept white, not the decoder's black.
    const clear = await send(await transparentPng(16, 16), 'Clear');
    const clearPhoto = (clear.json().data as JobPhoto[]).find((p) => p.caption === 'Clear');
    const pixel = await firstPixelOf((await fileOf(clearPhoto?.id ?? '')).rawPayload);
    for (const channel of pixel) expect(channel).toBeGreaterThan(245);
  });
});

describe('a broken form or unsafe text is refused and stores nothing (issue 33 items 3, 4)', () => {
  let fresh: SeededOrder;
  beforeAll(async () => {
    // The other technician: the first one's order of the block above is still in progress.
    fresh = await createStartedOrder(managerA, { id: techA2Id, api: techA2 });
  });
  const sendRaw = (payload: Buffer, contentType = formType()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/work-order-photos',
      payload,
      headers: { 'content-type': contentType, cookie: cookies.techA2 },
    });
  const photo: RawFile = { name: 'p.png', type: 'image/png', bytes: TINY_PNG };
  /** Rows of every table and the files of the storage, to compare before and after. */
  const everything = async () => [await dataDigest(t.db), ...(await filesUnder(dataDir))];

  it('a body cut short, LF or CR line endings, no boundary or another one: 400, try again', async () => {
    const fields = { orderId: fresh.orderId, stage: 'during', caption: 'Broken on the way' };
    // The same form whole is taken: what breaks it is only what each case changes.
    const whole = await sendRaw(rawForm(fields, photo));
    expect(whole.statusCode, whole.body).toBe(200);
    const before = await everything();
    for (const [what, payload, contentType] of brokenForms(fields, photo)) {
      const response = await sendRaw(payload, contentType);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json(), what).toEqual({ success: false, message: FORM_MESSAGES.incomplete });
    }
    expect(await everything()).toEqual(before);
    expect(await photosOf(techA2, fresh.orderId)).toHaveLength(1);
  });

  it('a NUL, a lone surrogate or broken UTF-8 in orderId, stage or caption: 400, nothing stored', async () => {
    const fields = { orderId: fresh.orderId, stage: 'during', caption: 'Fine' };
    const before = await everything();
    for (const name of ['orderId', 'stage', 'caption'] as const) {
      for (const [what, bytes] of UNSAFE_FIELD_BYTES) {
        const value = Buffer.concat([Buffer.from(fields[name]), bytes]);
        const response = await sendRaw(rawForm({ ...fields, [name]: value }, photo));
        expect(response.statusCode, `${what} in ${name}: ${response.body}`).toBe(400);
        expect(response.json().message, `${what} in ${name}`).toBe(INPUT_MESSAGES.unsafeText);
      }
    }
    // In a field's name too.
    const strayName = await sendRaw(rawForm({ ...fields, 'a\u0000b': 'x' }, photo));
    expect(strayName.statusCode).toBe(400);
    expect(strayName.json().message).toBe(INPUT_MESSAGES.unsafeText);
    expect(await everything()).toEqual(before);
  });

  it('well-formed text of any script is kept as sent; a caption cut at the field limit inside a character is too long, not broken', async () => {
    const caption = 'दीवार — José 💡 ½';
    const response = await sendRaw(
      rawForm({ orderId: fresh.orderId, stage: 'after', caption }, photo),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as JobPhoto[]).map((p) => p.caption)).toContain(caption);
    const before = await everything();
    // 1 + 2 × 2100 bytes: the parser keeps 4096, the last one half of an é.
    const long = `x${'é'.repeat(2100)}`;
    const cut = await sendRaw(
      rawForm({ orderId: fresh.orderId, stage: 'after', caption: long }, photo),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(M.captionTooLong);
    expect(await everything()).toEqual(before);
  });

  it('two files: 400, nothing stored', async () => {
    const before = await everything();
    const fields = { orderId: fresh.orderId, stage: 'during' };
    const one = rawForm(fields, photo);
    const second = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file2"; filename="q.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const closing = one.lastIndexOf(Buffer.from(`--${BOUNDARY}--`));
    const payload = Buffer.concat([
      one.subarray(0, closing),
      second,
      TINY_PNG,
      Buffer.from('\r\n'),
      one.subarray(closing),
    ]);
    const response = await sendRaw(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(M.fileRequired);
    expect(await everything()).toEqual(before);
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COMPLAINT_MESSAGES as M, type UnitLabelLayout } from '@karya/domain/complaint-schemas';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitLinks } from '../../src/db/complaints-schema';
import { LABEL_SHEETS } from '../../src/modules/unit-links/unit-labels-pdf';
import { codeIn, pagesOf, type ReadCode } from './qr-reader';
import { BRANCH_PHONE, TRADE_NAME, type UnitWorld, unitWorld } from './unit-links.fixture';

const run = promisify(execFile);

/** The PDF's text as poppler reads it (CI installs poppler-utils). */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'labels-'));
  try {
    await writeFile(join(dir, 'labels.pdf'), pdf);
    const { stdout } = await run('pdftotext', [join(dir, 'labels.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 37: the QR stickers' PDF. Its pages hold the layout's labels, and every label's QR
 * code, rasterised and decoded as a phone would, is the absolute link of its unit.
 */

const PUBLIC_URL = 'https://karya.example.in';
let w: UnitWorld;

beforeAll(async () => {
  w = await unitWorld({ PUBLIC_URL });
});
afterAll(() => w.t.close());

const labelsUrl = (serials: readonly string[], layout: UnitLabelLayout) =>
  `/api/unit-labels?serials=${encodeURIComponent(serials.join(','))}&layout=${layout}`;

/** Every label cell's code on every page, in print order (null: an empty cell). */
async function codesOf(pdf: Buffer, layout: UnitLabelLayout): Promise<(ReadCode | null)[]> {
  const sheet = LABEL_SHEETS[layout];
  const codes: (ReadCode | null)[] = [];
  for (const page of await pagesOf(pdf)) {
    for (let row = 0; row < sheet.rows; row += 1) {
      for (let column = 0; column < sheet.columns; column += 1) {
        codes.push(
          await codeIn(page, {
            x: sheet.origin.x + column * sheet.pitch.x,
            y: sheet.origin.y + row * sheet.pitch.y,
            width: sheet.label.width,
            height: sheet.label.height,
          }),
        );
      }
    }
  }
  return codes;
}

async function tokensOf(serials: readonly string[]) {
  const rows = await w.t.db
    .select({ serialNumber: unitLinks.serialNumber, token: unitLinks.token })
    .from(unitLinks)
    .where(inArray(unitLinks.serialNumber, [...serials]));
  return new Map(rows.map((row) => [row.serialNumber, row.token]));
}

describe('GET /api/unit-labels', () => {
  it('prints 11 units on two A4 pages of 2 × 5 whose QR codes decode to the units’ links', async () => {
    const serials = await w.stock(9, 'LBL');
    const installed = await w.installNew('LBL');
    serials.push(installed.serial);
    const linked = await w.linkOf(serials[0] ?? '');
    serials.push((await w.installNew('LBL')).serial);

    const response = await w.managerA.get(labelsUrl(serials, '2x5'));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="unit-labels.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pagesOf(pdf)).toHaveLength(2);

    const tokens = await tokensOf(serials);
    expect(tokens.size).toBe(11);
    // A link made before is printed as it is: the sticker and the link agree.
    expect(tokens.get(serials[0] ?? '')).toBe(linked.token);
    const codes = await codesOf(pdf, '2x5');
    expect(codes).toHaveLength(20);
    expect(codes.slice(0, 11).map((code) => code?.data)).toEqual(
      serials.map((serial) => `${PUBLIC_URL}/u/${tokens.get(serial)}`),
    );
    expect(codes.slice(11)).toEqual(Array(9).fill(null));
    for (const code of codes.slice(0, 11)) expect(code?.widthMm).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('prints a 3 × 8 sheet and single labels, one a page, that decode as well', async () => {
    const serials = await w.stock(3, 'SML');
    const sheet = await w.managerA.get(labelsUrl(serials, '3x8'));
    expect(sheet.statusCode).toBe(200);
    const tokens = await tokensOf(serials);
    const onSheet = await codesOf(sheet.rawPayload, '3x8');
    expect(onSheet).toHaveLength(24);
    expect(onSheet.slice(0, 3).map((code) => code?.data)).toEqual(
      serials.map((serial) => `${PUBLIC_URL}/u/${tokens.get(serial)}`),
    );
    for (const code of onSheet.slice(0, 3)) expect(code?.widthMm).toBeGreaterThanOrEqual(20);

    const single = await w.admin.get(labelsUrl(serials.slice(0, 2), 'single'));
    expect(single.statusCode).toBe(200);
    const singles = await codesOf(single.rawPayload, 'single');
    expect(singles.map((code) => code?.data)).toEqual(
      serials.slice(0, 2).map((serial) => `${PUBLIC_URL}/u/${tokens.get(serial)}`),
    );
    // Each label says whose it is and whom to call, and what the unit is.
    const text = await pdfText(single.rawPayload);
    for (const serial of serials.slice(0, 2)) expect(text).toContain(serial);
    expect(text).toContain(TRADE_NAME);
    expect(text).toContain(BRANCH_PHONE);
    expect(text).toContain(w.camera.name);
  }, 60_000);

  it('prints a long serial whole, smaller and on two lines if it must, on the single label and the 3 × 8 sheet', async () => {
    // A maker's model and serial as some print them: 30 characters and more.
    const [serial = ''] = await w.stock(1, 'HIKDS2CD1143G0IUF');
    expect(serial.length).toBeGreaterThanOrEqual(30);
    for (const layout of ['single', '3x8'] as const) {
      const response = await w.managerA.get(labelsUrl([serial], layout));
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      // Its lines read on, with no '...' where it was cut.
      expect(text.replace(/\s+/g, ''), layout).toContain(`S/N${serial}`);
      expect(text, layout).not.toContain('...');
    }
  }, 60_000);

  it('is the desk’s: technicians 403, another branch’s or an unknown unit a 404 naming it, nothing made', async () => {
    const serials = await w.stock(2, 'ROL');
    const [own = '', other = ''] = serials;
    expect((await w.techA.get(labelsUrl([own], '2x5'))).statusCode).toBe(403);
    const foreign = await w.managerB.get(labelsUrl([own], '2x5'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`${M.serialNotFound}: ${own}`);
    const unknown = await w.managerA.get(labelsUrl([own, 'NO-SUCH-UNIT', other], '2x5'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`${M.serialNotFound}: NO-SUCH-UNIT`);
    expect(await w.t.db.select().from(unitLinks).where(eq(unitLinks.serialNumber, own))).toEqual(
      [],
    );
  });

  it('refuses a wrong layout, no serials and more than 240 with the contract’s messages', async () => {
    const [serial = ''] = await w.stock(1, 'BAD');
    const layout = await w.managerA.get(`/api/unit-labels?serials=${serial}&layout=4x4`);
    expect(layout.statusCode).toBe(400);
    expect(layout.json().message).toBe(M.layoutInvalid);
    const none = await w.managerA.get('/api/unit-labels?serials=%20,%20&layout=2x5');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.serialsRequired);
    const many = Array.from({ length: 241 }, (_, i) => `S${i}`).join(',');
    const tooMany = await w.managerA.get(`/api/unit-labels?serials=${many}&layout=2x5`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(M.tooManySerials);
  });
});

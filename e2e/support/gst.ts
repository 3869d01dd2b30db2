import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, answer, apiAs, type SeededUser, seedUser, unique } from './api';
import { BRANCH_UPI } from './billing';
import { uniquePhone } from './contacts';
import { type SeededItem, seedAssignment, seedItem, seedStock, uniqueSerials } from './inventory';
import { assignOrder, changeStatus, type SeededOrder } from './work-orders';

const run = promisify(execFile);

/** Maharashtra's GSTIN of the test branch; its first two digits are the state (27). */
export const BRANCH_GSTIN = '27AAPFU0939F1ZV';
export const CAMERA_HSN = '85258900';
export const INSTALLATION_SAC = '995461';

export interface GstScene {
  branch: { _id: string; name: string };
  manager: SeededUser;
  technician: SeededUser;
  order: SeededOrder;
  serial: string;
  camera: SeededItem & { salePrice: number };
  service: SeededItem & { salePrice: number };
}

/** An item's HSN/SAC and 18 % inside its price, through the catalogue's update endpoint. */
async function setItemTax(
  admin: APIRequestContext,
  item: SeededItem,
  fields: { type: 'serialized-product' | 'service'; salePrice: number; hsnSac: string },
) {
  await answer(
    await admin.post(`/api/update-inventory/${item._id}`, {
      data: {
        id: item.id,
        type: fields.type,
        name: item.name,
        unit: fields.type === 'service' ? 'Service' : 'Piece',
        warranty: fields.type === 'service' ? 'No Warranty' : '2 years',
        mrp: fields.salePrice,
        purchasePrice: fields.type === 'service' ? 0 : Math.round(fields.salePrice * 0.6),
        salePrice: fields.salePrice,
        hsnSac: fields.hsnSac,
        gstRate: 18,
        priceIncludesTax: true,
      },
    }),
  );
}

/**
 * What the admin and the manager set up before issue 19's journey: the business GST-registered
 * (its profile), a branch of its own in Maharashtra with a GSTIN and a UPI payee, a camera
 * (HSN, 18 %) and an installation service (SAC, 18 %), a serial of the camera with the
 * technician, and a customer in Karnataka whose New Installation the technician has started.
 */
export async function seedGstScene(baseURL: string): Promise<GstScene> {
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  await answer(
    await admin.put('/api/business-profile', {
      data: {
        legalName: 'Shree Ganesh Security Systems Private Limited',
        tradeName: 'Ganesh Security',
        address: '2nd Floor, Laxmi Plaza, FC Road, Pune 411004',
        phone: '020 2553 1000',
        email: 'accounts@ganeshsecurity.example',
        gstRegistered: true,
      },
    }),
  );
  const branch = await answer<{ _id: string; name: string }>(
    await admin.post('/api/add-branches', {
      data: {
        name: unique('Kothrud '),
        location: 'Pune',
        address: 'Shop 4, Paud Road, Kothrud, Pune 411038',
        phone: '020 2543 7788',
        status: 'active',
        upiVpa: BRANCH_UPI.vpa,
        upiName: BRANCH_UPI.name,
      },
    }),
  );
  await answer(
    await admin.post(`/api/update-branch/${branch._id}`, {
      data: { gstin: BRANCH_GSTIN, stateCode: '27' },
    }),
  );
  const manager = await seedUser(admin, 'manager', branch._id);
  const technician = await seedUser(admin, 'technician', branch._id);
  const cameraItem = await seedItem(admin, 'serialized-product', unique('Dome Camera 4MP '));
  const camera = { ...cameraItem, salePrice: 2950 };
  await setItemTax(admin, cameraItem, {
    type: 'serialized-product',
    salePrice: camera.salePrice,
    hsnSac: CAMERA_HSN,
  });
  const serviceItem = await seedItem(admin, 'service', unique('Camera Installation '));
  const service = { ...serviceItem, salePrice: 799.5 };
  await setItemTax(admin, serviceItem, {
    type: 'service',
    salePrice: service.salePrice,
    hsnSac: INSTALLATION_SAC,
  });
  await admin.dispose();

  const managerApi = await apiAs(baseURL, manager.username, manager.password);
  const [serial = ''] = uniqueSerials(1, 'CAM');
  await seedStock(managerApi, camera._id, { serials: [serial] });
  await seedAssignment(managerApi, technician._id, camera._id, { serials: [serial] });
  const customerName = unique('Bengaluru Customer ');
  const customer = await answer<{ _id: string }>(
    await managerApi.post('/api/create-customer', {
      data: {
        name: customerName,
        phoneNumber: `+91${uniquePhone()}`,
        projectType: 'CCTV Camera',
        initialRemark: 'Site visit booked',
        address: '14 Brigade Road, Bengaluru 560001',
        stateCode: '29',
      },
    }),
  );
  const [pending] = await answer<Array<{ orderId: string; projectType: string }>>(
    await managerApi.get('/api/get-work-orders', { params: { search: customerName } }),
  );
  if (!pending) throw new Error('no pending work order for the seeded customer');
  const order = { customerId: customer._id, customerName, ...pending };
  await assignOrder(managerApi, order, technician._id);
  await managerApi.dispose();
  const technicianApi = await apiAs(baseURL, technician.username, technician.password);
  await changeStatus(technicianApi, order, 'in-progress');
  await technicianApi.dispose();
  return { branch, manager, technician, order, serial, camera, service };
}

/* ---------------------------------------------------------------- a PDF as a person sees it */

/** Poppler's tools turn the PDF into text and pixels (Debian's poppler-utils; .ci/run). */
async function poppler(tool: 'pdftotext' | 'pdftoppm', args: string[]): Promise<Buffer> {
  try {
    const { stdout } = await run(tool, args, { encoding: 'buffer', maxBuffer: 64 << 20 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${tool} not found: apt-get install poppler-utils`);
    throw error;
  }
}

/** The text of a PDF's pages as a reader would copy it. */
export async function pdfText(file: string): Promise<string> {
  return (await poppler('pdftotext', ['-layout', file, '-'])).toString('utf8');
}

export interface Word {
  text: string;
  /** Points from the page's top left. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The first page's words with their boxes (pdftotext -bbox). */
export async function pdfWords(file: string): Promise<Word[]> {
  const html = (await poppler('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'])).toString(
    'utf8',
  );
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: (text ?? '').replace(/&amp;/g, '&'),
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));
}

/** Page 1 as a PNG, for a person to look at. */
export async function pdfPng(file: string, dpi = 100): Promise<Buffer> {
  return poppler('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', file]);
}

export interface GreyImage {
  width: number;
  height: number;
  /** 0 black … 255 white, row by row. */
  pixels: Uint8Array;
}

/** A region of page 1 (in points) rendered in grey at `dpi` (pdftoppm's PGM). */
export async function pdfRegion(
  file: string,
  box: { x: number; y: number; width: number; height: number },
  dpi: number,
): Promise<GreyImage> {
  const scale = dpi / 72;
  const pgm = await poppler('pdftoppm', [
    '-gray',
    '-r',
    String(dpi),
    '-f',
    '1',
    '-l',
    '1',
    '-x',
    String(Math.floor(box.x * scale)),
    '-y',
    String(Math.floor(box.y * scale)),
    '-W',
    String(Math.ceil(box.width * scale)),
    '-H',
    String(Math.ceil(box.height * scale)),
    file,
  ]);
  // P5 <width> <height> <maxval>\n<bytes>
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm -gray did not answer a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return {
    width,
    height,
    pixels: pgm.subarray(header[0].length, header[0].length + width * height),
  };
}

/**
 * The ink of the first glyph of a rendered word: the columns from the first inked one up to
 * the first blank column after it, as rows of booleans (true: ink).
 */
export function firstGlyph(image: GreyImage, threshold = 128): boolean[][] {
  const inked = (x: number, y: number) => (image.pixels[y * image.width + x] ?? 255) < threshold;
  const columnHasInk = (x: number) =>
    Array.from({ length: image.height }, (_, y) => y).some((y) => inked(x, y));
  let start = 0;
  while (start < image.width && !columnHasInk(start)) start += 1;
  let end = start;
  while (end < image.width && columnHasInk(end)) end += 1;
  const rows = Array.from({ length: image.height }, (_, y) =>
    Array.from({ length: end - start }, (_, x) => inked(start + x, y)),
  );
  // Only the rows the glyph inks.
  return rows.filter((row) => row.some(Boolean));
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  createBranchTeam,
  createItem,
  createStartedOrder,
  type ItemType,
  type Member,
  type SeededBranch,
  type SeededItem,
  type SeededOrder,
  saveBusinessProfile,
  stockTechnician,
  type Transport,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import { type Api, adminApi } from './api';
import { BRANCH_UPI } from './billing';

const run = promisify(execFile);

/** Maharashtra's GSTIN of the test branch; its first two digits are the state (27). */
export const BRANCH_GSTIN = '27AAPFU0939F1ZV';
export const CAMERA_HSN = '85258900';
export const INSTALLATION_SAC = '995461';

export interface GstScene {
  branch: SeededBranch;
  manager: Member<Api>;
  technician: Member<Api>;
  order: SeededOrder;
  serial: string;
  camera: SeededItem & { salePrice: number };
  service: SeededItem & { salePrice: number };
}

/** A catalogue item with its HSN/SAC and 18 % inside its price. */
async function taxedItem(
  admin: Transport,
  type: Extract<ItemType, 'serialized-product' | 'service'>,
  fields: { name: string; salePrice: number; hsnSac: string },
) {
  const item = await createItem(admin, type, {
    ...fields,
    warranty: type === 'service' ? 'No Warranty' : '2 years',
    mrp: fields.salePrice,
    purchasePrice: type === 'service' ? 0 : Math.round(fields.salePrice * 0.6),
    gstRate: 18,
    priceIncludesTax: true,
  });
  return { ...item, salePrice: fields.salePrice };
}

/**
 * What the admin and the manager set up before issue 19's journey: the business GST-registered
 * (its profile), a branch of its own in Maharashtra with a GSTIN and a UPI payee, a camera
 * (HSN, 18 %) and an installation service (SAC, 18 %), a serial of the camera with the
 * technician, and a customer in Karnataka whose New Installation the technician has started.
 */
export async function seedGstScene(baseURL: string): Promise<GstScene> {
  const admin = await adminApi(baseURL);
  await saveBusinessProfile(admin, {
    legalName: 'Shree Ganesh Security Systems Private Limited',
    tradeName: 'Ganesh Security',
    address: '2nd Floor, Laxmi Plaza, FC Road, Pune 411004',
    phone: '020 2553 1000',
    email: 'accounts@ganeshsecurity.example',
  });
  const {
    branch,
    manager,
    technicians: [technician],
  } = await createBranchTeam(admin, {
    branch: {
      name: unique('Kothrud '),
      address: 'Shop 4, Paud Road, Kothrud, Pune 411038',
      phone: '020 2543 7788',
      upiVpa: BRANCH_UPI.vpa,
      upiName: BRANCH_UPI.name,
      gstin: BRANCH_GSTIN,
      stateCode: '27',
    },
  });
  const camera = await taxedItem(admin, 'serialized-product', {
    name: unique('Dome Camera 4MP '),
    salePrice: 2950,
    hsnSac: CAMERA_HSN,
  });
  const service = await taxedItem(admin, 'service', {
    name: unique('Camera Installation '),
    salePrice: 799.5,
    hsnSac: INSTALLATION_SAC,
  });
  await admin.dispose();

  const [serial = ''] = uniqueSerials(1, 'CAM');
  await stockTechnician(manager.api, technician.id, camera._id, { serials: [serial] });
  const order = await createStartedOrder(manager.api, technician, {
    name: unique('Bengaluru Customer '),
    address: '14 Brigade Road, Bengaluru 560001',
    stateCode: '29',
  });
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

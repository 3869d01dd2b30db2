import type { UnitLabelLayout } from '@karya/domain/complaint-schemas';
import { jsPDF } from 'jspdf';
import QRCode from 'qrcode';

/**
 * The QR stickers of issue 37 as a PDF the manager prints: an A4 sheet of common label stock
 * (2 × 5 or 3 × 8) or one label per page of a label printer's roll. Drawn here, on the server,
 * so the file a manager prints is the one the tests decode. The QR code is drawn as vector
 * squares (sharp at any printer's resolution), with error correction M and its quiet zone.
 */

/** One label: what it prints. */
export interface UnitLabel {
  businessName: string;
  branchPhone: string;
  productName: string;
  serialNumber: string;
  /** The absolute link the QR code holds: `https://…/u/{token}`. */
  link: string;
}

/** Where the labels sit on a page, in millimetres. */
export interface LabelSheet {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** The first label's top-left corner. */
  origin: { x: number; y: number };
  /** From one label's corner to the next one's (label plus gap). */
  pitch: { x: number; y: number };
  /** The QR code's square, its quiet zone included. */
  qrSide: number;
  /** Blank inside the label's edge: 6 mm where the sheet has no margin a printer could skip. */
  pad: number;
  /** Font sizes in points: the business's name, then the other lines. */
  fonts: { title: number; text: number };
}

export const LABEL_SHEETS: Record<UnitLabelLayout, LabelSheet> = {
  // 10 labels of 105 × 57 mm, edge to edge across, 6 mm top and bottom (Herma/Avery 2 × 5).
  '2x5': {
    page: { width: 210, height: 297 },
    columns: 2,
    rows: 5,
    label: { width: 105, height: 57 },
    origin: { x: 0, y: 6 },
    pitch: { x: 105, y: 57 },
    qrSide: 42,
    pad: 6,
    fonts: { title: 10, text: 8.5 },
  },
  // 24 labels of 63.5 × 33.9 mm with 2.5 mm gaps across (Avery L7159 and its equivalents).
  '3x8': {
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 63.5, height: 33.9 },
    origin: { x: 7.25, y: 12.9 },
    pitch: { x: 66, y: 33.9 },
    qrSide: 30,
    pad: 2,
    fonts: { title: 7, text: 6 },
  },
  // One 70 × 40 mm label a page: a label printer's roll.
  single: {
    page: { width: 70, height: 40 },
    columns: 1,
    rows: 1,
    label: { width: 70, height: 40 },
    origin: { x: 0, y: 0 },
    pitch: { x: 70, y: 40 },
    qrSide: 34,
    pad: 2,
    fonts: { title: 7.5, text: 6.5 },
  },
};

/** Modules of light margin round the code, as ISO/IEC 18004 asks: a phone finds it. */
export const QUIET_ZONE_MODULES = 4;
const PT_TO_MM = 25.4 / 72;

/**
 * The standard PDF fonts (Helvetica) hold Latin-1 only: any other character would print as
 * garbage, so it prints as '?' instead; control characters go.
 */
const printable = (text: string) =>
  Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
    return code > 0xff ? '?' : char;
  })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The text cut (with '...') to fit `width` mm at the document's current font. */
function fitted(doc: jsPDF, text: string, width: number): string {
  const clean = printable(text);
  if (doc.getTextWidth(clean) <= width) return clean;
  let end = clean.length;
  while (end > 0 && doc.getTextWidth(`${clean.slice(0, end).trimEnd()}...`) > width) end -= 1;
  return `${clean.slice(0, end).trimEnd()}...`;
}

/**
 * The serial as the label prints it: what a technician reads off the sticker to find the unit,
 * so it is never cut when it can be helped. At the label's size if it fits; else set smaller
 * (down to two thirds); else on two lines at that size, broken where the first is full (a
 * serial of 30 characters and more on the single label). Only past two lines is it cut.
 */
function serialLines(doc: jsPDF, serial: string, width: number, size: number) {
  const text = `S/N ${printable(serial)}`;
  doc.setFont('helvetica', 'bold');
  const line = (words: string, at: number) => ({ text: words, bold: true, size: at });
  const smallest = (size * 2) / 3;
  for (let at = size; at >= smallest; at -= 0.25) {
    doc.setFontSize(at);
    if (doc.getTextWidth(text) <= width) return [line(text, at)];
  }
  doc.setFontSize(smallest);
  let end = text.length;
  while (end > 1 && doc.getTextWidth(text.slice(0, end)) > width) end -= 1;
  return [line(text.slice(0, end), smallest), line(text.slice(end), smallest)];
}

/** A product's name on at most two lines at the current font, the second cut to fit. */
function productLines(doc: jsPDF, name: string, width: number): string[] {
  const words = printable(name).split(' ');
  let first = '';
  while (words.length > 0 && doc.getTextWidth(`${first} ${words[0]}`.trim()) <= width) {
    first = `${first} ${words.shift()}`.trim();
  }
  // One word longer than the line: it is cut on the first line instead.
  if (!first) return [fitted(doc, words.join(' '), width)];
  return words.length > 0 ? [first, fitted(doc, words.join(' '), width)] : [first];
}

/** The QR code of `link` in its square at (x, y), quiet zone included; one rectangle a run. */
function drawQr(doc: jsPDF, link: string, x: number, y: number, side: number) {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const module = side / (size + 2 * QUIET_ZONE_MODULES);
  const left = x + QUIET_ZONE_MODULES * module;
  const top = y + QUIET_ZONE_MODULES * module;
  doc.setFillColor(0, 0, 0);
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col += 1;
      // A hair wider and taller than the module, so no white seam shows between runs.
      doc.rect(
        left + start * module,
        top + row * module,
        (col - start) * module + 0.01,
        module + 0.01,
        'F',
      );
    }
  }
}

function drawLabel(doc: jsPDF, sheet: LabelSheet, label: UnitLabel, x: number, y: number) {
  const { height, width } = sheet.label;
  const { pad } = sheet;
  const qrSide = Math.min(sheet.qrSide, height - 2 * pad);
  const qrY = y + (height - qrSide) / 2;
  drawQr(doc, label.link, x + pad, qrY, qrSide);

  const textX = x + pad + qrSide + 1;
  const textWidth = x + width - pad - textX;
  const lineOf = (points: number) => points * PT_TO_MM * 1.25;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(sheet.fonts.text);
  const lines: { text: string; bold: boolean; size: number }[] = [
    { text: label.businessName, bold: true, size: sheet.fonts.title },
    ...productLines(doc, label.productName, textWidth).map((text) => ({
      text,
      bold: false,
      size: sheet.fonts.text,
    })),
    ...serialLines(doc, label.serialNumber, textWidth, sheet.fonts.text),
    {
      text: label.branchPhone ? `Call ${label.branchPhone}` : '',
      bold: false,
      size: sheet.fonts.text,
    },
    { text: 'Scan for service or a complaint', bold: false, size: sheet.fonts.text * 0.85 },
  ].filter((line) => line.text.trim() !== '');
  const block = lines.reduce((sum, line) => sum + lineOf(line.size), 0);
  let baseline = y + Math.max(pad, (height - block) / 2);
  doc.setTextColor(0, 0, 0);
  for (const line of lines) {
    baseline += lineOf(line.size);
    doc.setFont('helvetica', line.bold ? 'bold' : 'normal');
    doc.setFontSize(line.size);
    doc.text(fitted(doc, line.text, textWidth), textX, baseline - lineOf(line.size) * 0.25);
  }
}

/** The labels, in order, filling each page's rows left to right; as many pages as needed. */
export function unitLabelsPdf(labels: readonly UnitLabel[], layout: UnitLabelLayout): Buffer {
  const sheet = LABEL_SHEETS[layout];
  const { width, height } = sheet.page;
  const doc = new jsPDF({
    unit: 'mm',
    format: [width, height],
    orientation: width > height ? 'landscape' : 'portrait',
    compress: true,
  });
  doc.setProperties({ title: 'Unit labels', creator: 'Karya' });
  const perPage = sheet.columns * sheet.rows;
  labels.forEach((label, i) => {
    const slot = i % perPage;
    if (i > 0 && slot === 0)
      doc.addPage([width, height], width > height ? 'landscape' : 'portrait');
    const column = slot % sheet.columns;
    const row = Math.floor(slot / sheet.columns);
    drawLabel(
      doc,
      sheet,
      label,
      sheet.origin.x + column * sheet.pitch.x,
      sheet.origin.y + row * sheet.pitch.y,
    );
  });
  return Buffer.from(doc.output('arraybuffer'));
}

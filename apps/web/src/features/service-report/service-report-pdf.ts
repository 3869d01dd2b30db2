import { PHOTO_STAGE_LABELS } from '@karya/domain/job-photos';
import { formatPhone } from '@karya/domain/phone-rules';
import type { ServiceReport } from '@karya/domain/service-report';
import type { jsPDF } from 'jspdf';
import { embedPdfFonts, PDF_FONT, undrawableCharacters } from '../../shared/pdf-fonts';
import type { ServiceReportSource } from '../../shared/service-report-download';
import { getServiceReport } from './api';
import { answerText, reportDate, reportDateTime, STATUS_LABELS } from './service-report-text';

/** A4 in millimetres. */
const PAGE_WIDTH = 210;
const MARGIN = 14;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT = RIGHT - MARGIN;
const PAGE_BOTTOM = 297 - 16;
/** Line height per point of font size, in mm. */
const LEADING = 0.42;
const GREY = 95;
const RULE = 200;
const ACCENT: [number, number, number] = [30, 64, 175];
const AMBER: [number, number, number] = [180, 83, 9];

/** Thumbnails: three a row, each at most this big; the photo's own shape inside. */
const PHOTOS_PER_ROW = 3;
const PHOTO_GAP = 5;
const PHOTO_WIDTH = (CONTENT - PHOTO_GAP * (PHOTOS_PER_ROW - 1)) / PHOTOS_PER_ROW;
const PHOTO_HEIGHT = 42;
/** A thumbnail's longest side in pixels: sharp at its printed size, a few tens of kB each. */
export const THUMBNAIL_MAX_SIDE = 640;
const SIGNATURE_BOX = { width: 70, height: 28 };

/** An image ready for the PDF: downscaled, as a data URL, with its pixel size. */
export interface ReportImage {
  dataUrl: string;
  width: number;
  height: number;
  format: 'JPEG' | 'PNG';
}

/** The report's pictures by their address; one that could not be read is absent. */
export type ReportImages = ReadonlyMap<string, ReportImage>;

/** 'WO-2026-000123' → 'Service-Report-WO-2026-000123.pdf'. */
export const serviceReportFileName = (orderId: string) =>
  `Service-Report-${orderId.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/**
 * The report on A4, top to bottom: the business and 'Service Report' with the order id; the
 * customer and site beside the job; the technician and the job's times; the checklist; the
 * units installed with their warranty; the photos as thumbnails with stage and caption; the
 * customer's signature with their name and time; page numbers in the footer.
 */
class ServiceReportPdf {
  private y = MARGIN;

  constructor(
    private readonly pdf: jsPDF,
    private readonly report: ServiceReport,
    private readonly images: ReportImages,
  ) {}

  draw(): void {
    this.header();
    this.customerAndJob();
    this.technicianAndTimes();
    this.checklist();
    this.units();
    this.photos();
    this.signature();
    this.footers();
  }

  private font(size: number, weight: 'normal' | 'bold' = 'normal', grey = 0) {
    this.pdf.setFont(PDF_FONT, weight).setFontSize(size).setTextColor(grey);
  }

  private lines(text: string, width: number): string[] {
    return this.pdf.splitTextToSize(text, width) as string[];
  }

  /** Starts a new page when `height` more does not fit. */
  private room(height: number): void {
    if (this.y + height > PAGE_BOTTOM) {
      this.pdf.addPage();
      this.y = MARGIN + 4;
    }
  }

  /** A section's heading, on the next page unless `firstBlock` mm of its content fit under it. */
  private section(title: string, firstBlock: number): void {
    this.room(11.3 + firstBlock);
    this.y += 5;
    this.font(11, 'bold');
    this.pdf.setTextColor(...ACCENT);
    this.pdf.text(title, MARGIN, this.y);
    this.y += 1.8;
    this.pdf.setDrawColor(RULE).setLineWidth(0.3).line(MARGIN, this.y, RIGHT, this.y);
    this.y += 4.5;
  }

  private header(): void {
    const { report, pdf } = this;
    const leftWidth = CONTENT * 0.58;
    this.font(15, 'bold');
    const name = this.lines(report.business.name || report.branch.name, leftWidth);
    pdf.text(name, MARGIN, this.y + 5);
    let left = this.y + 5 + name.length * 15 * LEADING;
    this.font(9, 'normal', GREY);
    const contact = [
      ...(report.business.address ? this.lines(report.business.address, leftWidth) : []),
      ...[report.business.phone ? `Phone: ${formatPhone(report.business.phone)}` : ''].filter(
        Boolean,
      ),
      // Without a business name the branch heads the page: its phone, not its name again.
      report.business.name
        ? `Branch: ${report.branch.name}${report.branch.phone ? ` · ${formatPhone(report.branch.phone)}` : ''}`
        : report.branch.phone
          ? `Phone: ${formatPhone(report.branch.phone)}`
          : '',
    ].filter(Boolean);
    pdf.text(contact, MARGIN, left);
    left += contact.length * 9 * LEADING;

    this.font(18, 'bold');
    pdf.setTextColor(...ACCENT);
    pdf.text('Service Report', RIGHT, this.y + 6, { align: 'right' });
    this.font(10, 'bold');
    pdf.text(report.orderId, RIGHT, this.y + 12, { align: 'right' });
    this.font(9, 'normal', GREY);
    const meta = [
      STATUS_LABELS[report.status] ?? report.status,
      ...(report.invoiceNumbers.length > 0
        ? [
            `${report.invoiceNumbers.length > 1 ? 'Invoices' : 'Invoice'}: ${report.invoiceNumbers.join(', ')}`,
          ]
        : []),
    ];
    pdf.text(meta, RIGHT, this.y + 17, { align: 'right' });
    const right = this.y + 17 + meta.length * 9 * LEADING;
    this.y = Math.max(left, right) + 1;
    pdf
      .setDrawColor(...ACCENT)
      .setLineWidth(0.6)
      .line(MARGIN, this.y, RIGHT, this.y);
    this.y += 2;
  }

  /** Label-value rows in a column; returns the height used. */
  private rows(rows: Array<[string, string]>, x: number, width: number, top: number): number {
    const labelWidth = 30;
    let y = top;
    for (const [label, value] of rows) {
      this.font(9, 'normal', GREY);
      this.pdf.text(label, x, y);
      this.font(9.5, 'normal');
      const text = this.lines(value || '—', width - labelWidth);
      this.pdf.text(text, x + labelWidth, y);
      y += Math.max(1, text.length) * 9.5 * LEADING + 1.4;
    }
    return y - top;
  }

  private twoColumns(
    leftTitle: string,
    left: Array<[string, string]>,
    rightTitle: string,
    right: Array<[string, string]>,
  ): void {
    const half = (CONTENT - 8) / 2;
    const rightX = MARGIN + half + 8;
    this.room(12 + Math.max(left.length, right.length) * 5);
    this.y += 5;
    this.font(11, 'bold');
    this.pdf.setTextColor(...ACCENT);
    this.pdf.text(leftTitle, MARGIN, this.y);
    this.pdf.text(rightTitle, rightX, this.y);
    this.y += 1.8;
    this.pdf.setDrawColor(RULE).setLineWidth(0.3);
    this.pdf.line(MARGIN, this.y, MARGIN + half, this.y);
    this.pdf.line(rightX, this.y, RIGHT, this.y);
    this.y += 4.5;
    const used = Math.max(
      this.rows(left, MARGIN, half, this.y),
      this.rows(right, rightX, half, this.y),
    );
    this.y += used - 1;
  }

  private customerAndJob(): void {
    const { report } = this;
    this.twoColumns(
      'Customer & site',
      [
        ['Customer', report.customer.name],
        ['Phone', formatPhone(report.customer.phone)],
        ['Site address', report.customer.siteAddress],
      ],
      'Job',
      [
        ['Order', report.orderId],
        ['Project', `${report.projectType} (${report.projectCategory})`],
        ...(report.description ? [['Work asked for', report.description] as [string, string]] : []),
      ],
    );
  }

  private technicianAndTimes(): void {
    const { report } = this;
    const { times } = report;
    this.twoColumns(
      'Technician',
      [
        ['Name', report.technician?.name ?? 'Not assigned'],
        ['Phone', formatPhone(report.technician?.phone)],
      ],
      'Times',
      [
        ['Created', reportDateTime(times.created)],
        ['Assigned', reportDateTime(times.assigned)],
        ['Work started', reportDateTime(times.started)],
        ['Work completed', reportDateTime(times.sentForApproval)],
        ['Approved', reportDateTime(times.completed)],
      ],
    );
  }

  /** A simple table: a header row, then rows whose cells wrap within their columns. */
  private table(
    columns: Array<{ title: string; width: number; align?: 'left' | 'right' }>,
    rows: string[][],
    /** Rows whose last cell is a warning (a required check answered No or not at all). */
    flagged: ReadonlySet<number> = new Set(),
  ): void {
    const { pdf } = this;
    const header = () => {
      this.font(8.5, 'bold', GREY);
      let x = MARGIN;
      for (const column of columns) {
        pdf.text(column.title, column.align === 'right' ? x + column.width : x, this.y, {
          align: column.align ?? 'left',
        });
        x += column.width;
      }
      this.y += 2;
      pdf.setDrawColor(RULE).setLineWidth(0.2).line(MARGIN, this.y, RIGHT, this.y);
      this.y += 4;
    };
    header();
    for (const [rowIndex, row] of rows.entries()) {
      this.font(9.5);
      const cells = row.map((cell, index) => this.lines(cell, (columns[index]?.width ?? 20) - 3));
      const height = Math.max(...cells.map((cell) => cell.length)) * 9.5 * LEADING + 2;
      if (this.y + height > PAGE_BOTTOM) {
        pdf.addPage();
        this.y = MARGIN + 4;
        header();
        this.font(9.5);
      }
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const column = columns[index];
        if (!column) return;
        const warn = flagged.has(rowIndex) && index === cells.length - 1;
        this.font(9.5, warn ? 'bold' : 'normal');
        if (warn) pdf.setTextColor(...AMBER);
        pdf.text(cell, column.align === 'right' ? x + column.width : x, this.y, {
          align: column.align ?? 'left',
        });
        x += column.width;
      });
      this.y += height;
    }
    this.y -= 2;
  }

  private checklist(): void {
    const items = this.report.checklist;
    this.section('Checklist', 12);
    if (items.length === 0) {
      this.note('No checklist for this project type.');
      return;
    }
    this.table(
      [
        { title: 'Check', width: CONTENT - 50 },
        { title: 'Answer', width: 50 },
      ],
      items.map((item) => [
        `${item.question}${item.required ? ' *' : ''}`,
        answerText(item.kind, item.answer),
      ]),
      // A required check answered No (a DVR that would not record) or not at all stands out.
      new Set(
        items.flatMap((item, index) =>
          item.required && (item.answer === null || item.answer === 'no') ? [index] : [],
        ),
      ),
    );
    this.y += 3;
    this.font(7.5, 'normal', GREY);
    this.pdf.text('* required item', MARGIN, this.y);
    this.y += 2;
  }

  private units(): void {
    const units = this.report.units;
    if (units.length === 0) return;
    this.section('Installed products', 12);
    this.table(
      [
        { title: 'Product', width: CONTENT - 95 },
        { title: 'Serial number', width: 50 },
        { title: 'Warranty until', width: 45 },
      ],
      units.map((unit) => [
        unit.productName,
        unit.serialNumber,
        unit.warrantyEnd ? reportDate(unit.warrantyEnd) : 'No warranty',
      ]),
    );
  }

  private note(text: string): void {
    this.font(9, 'normal', GREY);
    this.pdf.text(text, MARGIN, this.y);
    this.y += 2;
  }

  /**
   * Fits an image of w×h pixels in a box of the given mm, keeping its shape; `maxMmPerPixel`
   * keeps a small picture (a signature pad's few hundred pixels) from being blown up to blocks.
   */
  private fit(image: ReportImage, boxWidth: number, boxHeight: number, maxMmPerPixel = Infinity) {
    const scale = Math.min(boxWidth / image.width, boxHeight / image.height, maxMmPerPixel);
    return { width: image.width * scale, height: image.height * scale };
  }

  private photos(): void {
    const photos = this.report.photos;
    // The heading goes with the first row of photos, never alone at the foot of a page.
    this.section('Photos', photos.length > 0 ? PHOTO_HEIGHT + 4 + 4 * 8 * LEADING : 6);
    if (photos.length === 0) {
      this.note('No photos were taken on this job.');
      return;
    }
    const { pdf } = this;
    for (let start = 0; start < photos.length; start += PHOTOS_PER_ROW) {
      const row = photos.slice(start, start + PHOTOS_PER_ROW);
      this.font(8);
      // Under each: its stage in bold, the caption (at most two lines), the time taken.
      const captions = row.map((photo) =>
        photo.caption ? this.lines(photo.caption, PHOTO_WIDTH).slice(0, 2) : [],
      );
      const captionHeight = (1 + Math.max(...captions.map((lines) => lines.length))) * 8 * LEADING;
      // A row (photo, stage, caption, time) stays whole on a page.
      this.room(PHOTO_HEIGHT + 4 + captionHeight + 8 * LEADING);
      row.forEach((photo, index) => {
        const x = MARGIN + index * (PHOTO_WIDTH + PHOTO_GAP);
        const image = this.images.get(photo.fileUrl);
        pdf.setDrawColor(RULE).setLineWidth(0.2).setFillColor(245, 245, 245);
        pdf.rect(x, this.y, PHOTO_WIDTH, PHOTO_HEIGHT, 'FD');
        if (image) {
          const size = this.fit(image, PHOTO_WIDTH, PHOTO_HEIGHT);
          pdf.addImage(
            image.dataUrl,
            image.format,
            x + (PHOTO_WIDTH - size.width) / 2,
            this.y + (PHOTO_HEIGHT - size.height) / 2,
            size.width,
            size.height,
            undefined,
            'FAST',
          );
        } else {
          this.font(8, 'normal', GREY);
          pdf.text('Photo not available', x + PHOTO_WIDTH / 2, this.y + PHOTO_HEIGHT / 2, {
            align: 'center',
          });
        }
        const caption = captions[index] ?? [];
        const below = this.y + PHOTO_HEIGHT + 4;
        this.font(8, 'bold');
        pdf.text(`${PHOTO_STAGE_LABELS[photo.stage]}${caption.length > 0 ? ':' : ''}`, x, below);
        this.font(8);
        if (caption.length > 0) pdf.text(caption, x, below + 8 * LEADING);
        this.font(8, 'normal', GREY);
        pdf.text(reportDateTime(photo.takenAt), x, below + (1 + caption.length) * 8 * LEADING);
      });
      this.y += PHOTO_HEIGHT + 4 + captionHeight + 8 * LEADING + 4;
    }
    this.y -= 4;
  }

  private signature(): void {
    const { pdf, report } = this;
    const signature = report.signature;
    this.section("Customer's signature", SIGNATURE_BOX.height);
    if (!signature) {
      this.note('The customer has not signed for this job.');
      return;
    }
    const image = this.images.get(signature.fileUrl);
    pdf.setDrawColor(RULE).setLineWidth(0.2);
    pdf.rect(MARGIN, this.y, SIGNATURE_BOX.width, SIGNATURE_BOX.height);
    if (image) {
      // No more than 96 dpi's worth: ink drawn on a phone stays a line, not a block.
      const size = this.fit(image, SIGNATURE_BOX.width - 4, SIGNATURE_BOX.height - 4, 25.4 / 96);
      pdf.addImage(
        image.dataUrl,
        image.format,
        MARGIN + (SIGNATURE_BOX.width - size.width) / 2,
        this.y + (SIGNATURE_BOX.height - size.height) / 2,
        size.width,
        size.height,
        undefined,
        'FAST',
      );
    } else {
      this.font(8, 'normal', GREY);
      pdf.text('Signature not available', MARGIN + 4, this.y + SIGNATURE_BOX.height / 2);
    }
    const x = MARGIN + SIGNATURE_BOX.width + 8;
    this.font(11, 'bold');
    pdf.text(signature.signerName, x, this.y + 7);
    this.font(9, 'normal', GREY);
    const lines = [
      `Signed on ${reportDateTime(signature.signedAt)}`,
      ...(signature.signedBy ? [`In the presence of ${signature.signedBy} (technician)`] : []),
      'The customer signed to confirm the work above was done.',
    ];
    pdf.text(lines, x, this.y + 13);
    this.y += SIGNATURE_BOX.height;
  }

  private footers(): void {
    const { pdf, report } = this;
    const pages = pdf.getNumberOfPages();
    for (let page = 1; page <= pages; page += 1) {
      pdf.setPage(page);
      this.font(7.5, 'normal', GREY);
      pdf.setDrawColor(RULE).setLineWidth(0.2).line(MARGIN, 287, RIGHT, 287);
      pdf.text(
        `${report.business.name || report.branch.name} · Service report ${report.orderId} · made ${reportDateTime(report.generatedAt)}`,
        MARGIN,
        291,
      );
      pdf.text(`Page ${page} of ${pages}`, RIGHT, 291, { align: 'right' });
    }
  }
}

/** Every string the PDF prints, for the note on characters its font cannot draw. */
export function printedTexts(report: ServiceReport): string[] {
  return [
    report.business.name,
    report.business.address,
    report.branch.name,
    report.description,
    report.projectType,
    report.projectCategory,
    report.customer.name,
    report.customer.siteAddress,
    report.technician?.name ?? '',
    ...report.checklist.flatMap((item) => [item.question, item.answer ?? '']),
    ...report.units.map((unit) => unit.productName),
    ...report.photos.map((photo) => photo.caption),
    report.signature?.signerName ?? '',
    report.signature?.signedBy ?? '',
  ];
}

/** The report's PDF, in memory, from the answer and its pictures already loaded. */
export async function serviceReportPdf(
  report: ServiceReport,
  images: ReportImages = new Map(),
): Promise<jsPDF> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  await embedPdfFonts(pdf, printedTexts(report));
  pdf.setDocumentProperties({
    title: `Service Report ${report.orderId}`,
    subject: `${report.projectType} for ${report.customer.name}`,
    author: report.business.name || report.branch.name,
  });
  new ServiceReportPdf(pdf, report, images).draw();
  return pdf;
}

/**
 * One picture of the report, fetched through its authorised route (the session's cookie, or
 * the link's token in the address) and redrawn smaller through a canvas: the phone's
 * 1600 px photo becomes a 640 px JPEG, so a report of a dozen photos stays a few hundred kB.
 */
async function loadImage(url: string, format: ReportImage['format']): Promise<ReportImage> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  const scale = Math.min(1, THUMBNAIL_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  // White under a transparent signature: a PDF viewer's dark mode must not swallow the ink.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const dataUrl =
    format === 'JPEG' ? canvas.toDataURL('image/jpeg', 0.78) : canvas.toDataURL('image/png');
  return { dataUrl, width, height, format };
}

/** The report's pictures, a few at a time; one that fails is left out (and counted). */
export async function loadReportImages(
  report: ServiceReport,
): Promise<{ images: Map<string, ReportImage>; missing: number }> {
  const wanted: Array<[string, ReportImage['format']]> = [
    ...report.photos.map((photo): [string, ReportImage['format']] => [photo.fileUrl, 'JPEG']),
    ...(report.signature ? [[report.signature.fileUrl, 'PNG'] as [string, 'PNG']] : []),
  ];
  const images = new Map<string, ReportImage>();
  let missing = 0;
  for (let start = 0; start < wanted.length; start += 4) {
    await Promise.all(
      wanted.slice(start, start + 4).map(async ([url, format]) => {
        try {
          images.set(url, await loadImage(url, format));
        } catch {
          missing += 1;
        }
      }),
    );
  }
  return { images, missing };
}

/**
 * 'Service report (PDF)': reads the report (staff by the order, the customer by the link),
 * loads and shrinks its pictures, draws and saves it as 'Service-Report-{order}.pdf'.
 */
export async function downloadServiceReport(
  source: ServiceReportSource,
): Promise<{ undrawable: string[]; missingImages: number }> {
  const report = await getServiceReport(source);
  const { images, missing } = await loadReportImages(report);
  const pdf = await serviceReportPdf(report, images);
  pdf.save(serviceReportFileName(report.orderId));
  return { undrawable: undrawableCharacters(printedTexts(report)), missingImages: missing };
}

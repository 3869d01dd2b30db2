import type { ServiceReport } from '@karya/domain/service-report';
import { describe, expect, it } from 'vitest';
import { drawnDevanagari } from '../../shared/drawn-devanagari';
import {
  printedTexts,
  type ReportImage,
  serviceReportFileName,
  serviceReportPdf,
} from './service-report-pdf';
import { answerText, reportDate, reportDateTime } from './service-report-text';

/** A PNG as the canvas hands the PDF a photo or the signature (drawn 2:1). */
const PNG: ReportImage = {
  dataUrl:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  width: 2,
  height: 1,
  format: 'PNG',
};

const REPORT: ServiceReport = {
  business: {
    name: 'Sai Security Systems',
    address: '4 FC Road, Pune 411004',
    phone: '020 2553 0000',
  },
  branch: { name: 'Kothrud', phone: '+91 20 2543 0000' },
  orderId: 'WO-2026-000042',
  projectType: 'CCTV Camera',
  projectCategory: 'New Installation',
  status: 'pending-approval',
  description: 'Four cameras around the shop',
  customer: { name: 'Meera Joshi', phone: '+91 98220 00000', siteAddress: '12 Baner Road, Pune' },
  technician: { name: 'Suresh Patil', phone: '+91 98220 12345' },
  times: {
    created: '2026-11-20T04:30:00.000Z',
    assigned: '2026-11-20T05:00:00.000Z',
    started: '2026-11-21T04:00:00.000Z',
    sentForApproval: '2026-11-21T09:15:00.000Z',
    completed: null,
  },
  checklist: [
    { question: 'Cameras mounted', kind: 'yes-no', answer: 'yes', required: true },
    { question: 'Cameras installed', kind: 'number', answer: '4', required: false },
    { question: 'Notes', kind: 'text', answer: null, required: false },
  ],
  units: [
    {
      productName: 'Dome Camera',
      serialNumber: 'SN-0001',
      installationDate: '2026-11-21',
      warrantyEnd: '2027-11-21',
    },
  ],
  photos: [
    {
      id: 'p1',
      stage: 'before',
      caption: 'Wall before drilling',
      takenAt: '2026-11-21T04:10:00.000Z',
      fileUrl: '/p1',
    },
    {
      id: 'p2',
      stage: 'after',
      caption: 'All four cameras recording',
      takenAt: '2026-11-21T09:00:00.000Z',
      fileUrl: '/p2',
    },
  ],
  signature: {
    signerName: 'Meera Joshi',
    signedAt: '2026-11-21T09:10:00.000Z',
    signedBy: 'Suresh Patil',
    fileUrl: '/signature',
  },
  invoiceNumbers: ['PUNE/26-27/00007'],
  generatedAt: '2026-11-22T10:00:00.000Z',
};

const imagesOf = (file: string) => file.match(/\/Subtype \/Image/g)?.length ?? 0;
const pagesOf = (file: string) => file.match(/\/Type \/Page\b/g)?.length ?? 0;

describe('the service report PDF (issue 22, decision 034)', () => {
  it('draws the photos and the signature as images, with the font embedded, on one small page', async () => {
    const images = new Map([
      ['/p1', PNG],
      ['/p2', PNG],
      ['/signature', PNG],
    ]);
    const file = (await serviceReportPdf(REPORT, images)).output();
    expect(file.startsWith('%PDF-')).toBe(true);
    expect(file).toMatch(/\/FontFile2/);
    // Two photos and the signature (jsPDF embeds the same bytes once).
    expect(imagesOf(file)).toBeGreaterThanOrEqual(1);
    expect(file).toMatch(/\/Title \(Service Report WO-2026-000042\)/);
    expect(pagesOf(file)).toBe(1);
    expect(file.length).toBeLessThan(120_000);
  });

  it('draws the customer’s name, site and signature in Hindi, shaped (issue 39 item 26)', async () => {
    const hindi: ServiceReport = {
      ...REPORT,
      customer: { ...REPORT.customer, name: 'क्षितिज शर्मा', siteAddress: 'शुद्ध निवास, कर्क रोड' },
      signature: REPORT.signature && { ...REPORT.signature, signerName: 'श्रद्धा शर्मा' },
    };
    const drawn = drawnDevanagari(await serviceReportPdf(hindi));
    expect(drawn).toEqual(
      expect.arrayContaining(['क्षितिज शर्मा', 'शुद्ध निवास', 'कर्क रोड', 'श्रद्धा शर्मा']),
    );
    expect(drawnDevanagari(await serviceReportPdf(REPORT))).toEqual([]);
  });

  it('leaves out a picture it could not load and still draws the report', async () => {
    const file = (await serviceReportPdf(REPORT, new Map())).output();
    expect(imagesOf(file)).toBe(0);
    expect(file).toMatch(/\/FontFile2/);
  });

  it('draws a job with no photos, no signature and no checklist', async () => {
    const bare: ServiceReport = {
      ...REPORT,
      checklist: [],
      units: [],
      photos: [],
      signature: null,
      invoiceNumbers: [],
      technician: null,
    };
    const file = (await serviceReportPdf(bare)).output();
    expect(pagesOf(file)).toBe(1);
    expect(imagesOf(file)).toBe(0);
  });

  it('runs on to further pages for many photos and a long checklist', async () => {
    const many: ServiceReport = {
      ...REPORT,
      checklist: Array.from({ length: 30 }, (_, i) => ({
        question: `Check ${i + 1}: camera angle and night vision confirmed with the customer`,
        kind: 'yes-no' as const,
        answer: 'yes',
        required: i % 2 === 0,
      })),
      photos: Array.from({ length: 12 }, (_, i) => ({
        id: `p${i}`,
        stage: 'during' as const,
        caption: `Camera ${i + 1}`,
        takenAt: '2026-11-21T05:00:00.000Z',
        fileUrl: '/p1',
      })),
    };
    const file = (await serviceReportPdf(many, new Map([['/p1', PNG]]))).output();
    expect(pagesOf(file)).toBeGreaterThanOrEqual(3);
  });

  it('writes answers, days and times as a customer reads them', () => {
    expect(answerText('yes-no', 'yes')).toBe('Yes');
    expect(answerText('yes-no', 'no')).toBe('No');
    expect(answerText('number', '4')).toBe('4');
    expect(answerText('text', null)).toBe('Not answered');
    expect(reportDate('2027-11-21')).toBe('21 Nov 2027');
    expect(reportDate(null)).toBe('—');
    // India's time, whatever the zone the phone is in.
    expect(reportDateTime('2026-11-21T09:15:00.000Z')).toMatch(/^21 Nov 2026, 2:45\s?pm$/i);
    expect(reportDateTime(null)).toBe('—');
  });

  it('is saved under the order id, and knows the texts it prints', () => {
    expect(serviceReportFileName('WO-2026-000042')).toBe('Service-Report-WO-2026-000042.pdf');
    expect(printedTexts(REPORT)).toEqual(
      expect.arrayContaining(['Meera Joshi', 'Wall before drilling', 'Dome Camera']),
    );
  });
});

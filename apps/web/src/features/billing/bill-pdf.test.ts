import { bold, regular } from 'virtual:invoice-fonts';
import type { Bill } from '@karya/domain/bill-schemas';
import type { Invoice } from '@karya/domain/invoice-schemas';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { embedInvoiceFonts, undrawableCharacters } from '../../shared/pdf-fonts';
import { billPdf } from './bill-pdf';
import { invoiceDocument } from './invoice-document';
import { InvoicePdf, invoiceFileName } from './invoice-pdf';
import { IGST_BILL, INTRA_STATE_BILL, LEGACY_BILL } from './test-bills';

/** jsPDF's reading of the embedded font: the glyph it draws for a character (0: none). */
function glyphOf(pdf: jsPDF, character: string): number {
  const font = pdf.getFont() as unknown as {
    metadata: { characterToGlyph: (code: number) => number };
  };
  return font.metadata.characterToGlyph(character.codePointAt(0) ?? 0);
}

/** Every line of text the invoice PDF draws, with the font size it is drawn in. */
function drawnLines(bill: Bill, invoice: Invoice): { text: string; size: number }[] {
  const pdf = new jsPDF();
  embedInvoiceFonts(pdf);
  const drawn: { text: string; size: number }[] = [];
  const text = pdf.text.bind(pdf);
  pdf.text = ((...args: Parameters<typeof text>) => {
    const [value] = args;
    for (const line of Array.isArray(value) ? value : [value])
      drawn.push({ text: line, size: pdf.getFontSize() });
    return text(...args);
  }) as typeof pdf.text;
  new InvoicePdf(pdf, invoiceDocument(bill, invoice)).draw();
  return drawn;
}

describe('the bill PDF (issue 19, decision 023)', () => {
  it('carries a font with the rupee sign, cut to a few tens of KB per weight', () => {
    for (const font of [regular, bold]) {
      const bytes = Buffer.from(font, 'base64');
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0])); // TrueType
      expect(bytes.length).toBeLessThan(40_000);
    }
    const pdf = new jsPDF();
    embedInvoiceFonts(pdf);
    for (const weight of ['normal', 'bold']) {
      pdf.setFont('NotoSans', weight);
      for (const character of '₹ AZaz09.,-/()@:×é–’')
        expect(glyphOf(pdf, character), character).toBeGreaterThan(0);
    }
  });

  it('draws an invoice, intra- and inter-state, and an old bill, with the font embedded', async () => {
    for (const bill of [IGST_BILL, INTRA_STATE_BILL, LEGACY_BILL]) {
      const pdf = await billPdf(bill);
      const file = pdf.output();
      expect(file.startsWith('%PDF-')).toBe(true);
      expect(file).toMatch(/\/FontFile2/);
      // Only the glyphs used are embedded: the PDF stays small.
      expect(file.length).toBeLessThan(120_000);
    }
  });

  it("draws the business's logo, and leaves out one it cannot read", async () => {
    const invoice = IGST_BILL.invoice as NonNullable<typeof IGST_BILL.invoice>;
    const withLogo = (logo: string) => ({
      ...IGST_BILL,
      invoice: { ...invoice, supplier: { ...invoice.supplier, logo } },
    });
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect((await billPdf(withLogo(png))).output()).toMatch(/\/Subtype \/Image/);
    const broken = (await billPdf(withLogo('data:image/png;base64,AAAA'))).output();
    expect(broken).not.toMatch(/\/Subtype \/Image/);
    expect(broken).toMatch(/\/FontFile2/);
  });

  it('never breaks a serial number across lines, however long (issue 39 item 9)', () => {
    const invoice = INTRA_STATE_BILL.invoice as NonNullable<typeof INTRA_STATE_BILL.invoice>;
    const long = 'HIKVISION-DS-2CD1023G0E-I-SN-20261128-0000042';
    const bill = {
      ...INTRA_STATE_BILL,
      items: INTRA_STATE_BILL.items.map((item, index) =>
        index === 0 ? { ...item, serialNumber: long } : item,
      ),
    };
    const drawn = drawnLines(bill, invoice);
    // Too long for the column: it breaks after its hyphens only, so its lines read it whole.
    const start = drawn.findIndex((line) => line.text.startsWith('HIKVISION'));
    const rows: string[] = [];
    for (const line of drawn.slice(start)) {
      rows.push(line.text);
      if (rows.join('') === long || rows.join('').length >= long.length) break;
    }
    expect(rows.join('')).toBe(long);
    expect(rows.slice(0, -1).every((row) => row.endsWith('-'))).toBe(true);
    expect(drawn[start - 1]?.text).toBe('S/N');
    // One unbroken serial longer than the column is drawn smaller, never split.
    const unbroken = 'SN2026112800000000000000000000000000042';
    const other = {
      ...bill,
      items: bill.items.map((item, index) =>
        index === 0 ? { ...item, serialNumber: unbroken } : item,
      ),
    };
    const whole = drawnLines(other, invoice).find((line) => line.text.startsWith('SN2026'));
    expect(whole?.text).toBe(unbroken);
    expect(whole?.size).toBeGreaterThanOrEqual(5);
    expect(whole?.size).toBeLessThan(7);
  });

  it('draws the original for the recipient, then the duplicate for the supplier (issue 39 item 9)', async () => {
    const invoice = INTRA_STATE_BILL.invoice as NonNullable<typeof INTRA_STATE_BILL.invoice>;
    const labels = drawnLines(INTRA_STATE_BILL, invoice)
      .map((line) => line.text)
      .filter((text) => /FOR (RECIPIENT|SUPPLIER)$/.test(text));
    expect(labels).toEqual(['ORIGINAL FOR RECIPIENT']);
    expect((await billPdf(INTRA_STATE_BILL)).getNumberOfPages()).toBe(2);
    expect((await billPdf(INTRA_STATE_BILL, ['original'])).getNumberOfPages()).toBe(1);
  });

  it('knows which characters it cannot draw, so the page can say so', () => {
    expect(undrawableCharacters(['Asha Rao', '₹2,950.00 × 2', 'José – “Shop”\n'])).toEqual([]);
    // Devanagari is shaped and drawn (decision 042); Tamil and 'Ā' are not.
    expect(undrawableCharacters(['आशा राव', 'தமிழ்', 'Ā'])).toEqual(['த', 'ம', 'ி', 'ழ', '்', 'Ā']);
  });

  it("is saved under the invoice number, whose slashes a file name can't have", () => {
    expect(invoiceFileName('PUNE/26-27/00007')).toBe('PUNE-26-27-00007.pdf');
  });
});

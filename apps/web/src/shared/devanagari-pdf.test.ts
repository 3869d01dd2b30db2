import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { devanagariFonts, drawDevanagari, scriptRuns } from './devanagari-pdf';
import { embedInvoiceFonts, undrawableCharacters } from './pdf-fonts';

/** The marked span the PDF writes over a Devanagari run, carrying its text (UTF-16BE). */
const actualText = (text: string) =>
  `/ActualText <FEFF${Array.from({ length: text.length }, (_, index) =>
    text.charCodeAt(index).toString(16).padStart(4, '0'),
  ).join('')}>`;

/** What the pages draw, before compression. */
const contentOf = (pdf: jsPDF) =>
  (pdf.internal.pages as unknown as Array<string[] | null>)
    .flatMap((page) => page ?? [])
    .join('\n');

/** An A4 page in mm with the invoice fonts and Devanagari, at 10 pt. */
async function page(): Promise<jsPDF> {
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  embedInvoiceFonts(pdf);
  drawDevanagari(pdf, await devanagariFonts());
  pdf.setFontSize(10);
  return pdf;
}

describe('Devanagari shaped by HarfBuzz with Noto Sans Devanagari (decision 042)', () => {
  it('makes क्ष, श्र and द्ध the font’s one conjunct glyph, in both weights', async () => {
    const fonts = await devanagariFonts();
    for (const face of [fonts.regular, fonts.bold])
      for (const conjunct of ['क्ष', 'श्र', 'द्ध']) {
        const { glyphs } = face.shape(conjunct);
        expect(glyphs, conjunct).toHaveLength(1);
        // Not one of its letters or the virama drawn alone, as jsPDF would write them.
        const letters = [...conjunct].map((letter) => face.nominalGlyph(letter));
        expect(letters.every((id) => id > 0)).toBe(true);
        expect(letters, conjunct).not.toContain(glyphs[0]?.id);
      }
  });

  it('draws ि before its consonant and ी after it', async () => {
    const { regular } = await devanagariFonts();
    const ka = regular.nominalGlyph('क');
    const short = regular.shape('कि').glyphs;
    expect(short).toHaveLength(2);
    expect(short[1]?.id).toBe(ka);
    expect(short[0]?.id).not.toBe(ka);
    expect(short[0]?.x).toBe(0);
    expect(short[1]?.x).toBeGreaterThan(0);
    const long = regular.shape('की').glyphs;
    expect(long.map((glyph) => glyph.id)[0]).toBe(ka);
    expect(long).toHaveLength(2);
    // The conjunct with ि: the matra first, then क्ष's one glyph.
    const kshi = regular.shape('क्षि').glyphs;
    expect(kshi).toHaveLength(2);
    expect(kshi[1]?.id).toBe(regular.shape('क्ष').glyphs[0]?.id);
  });

  it('makes र् before a consonant the reph over it, not र and a virama', async () => {
    const { regular } = await devanagariFonts();
    const glyphs = regular.shape('र्क').glyphs;
    expect(glyphs).toHaveLength(2);
    expect(glyphs[0]?.id).toBe(regular.nominalGlyph('क'));
    expect([regular.nominalGlyph('र'), regular.nominalGlyph('्')]).not.toContain(glyphs[1]?.id);
  });

  it('splits a line into Devanagari runs, the spaces between Hindi words inside them', () => {
    expect(scriptRuns('Asha आशा राव, Pune 411001 श्री')).toEqual([
      { text: 'Asha ', devanagari: false },
      { text: 'आशा राव', devanagari: true },
      { text: ', Pune 411001 ', devanagari: false },
      { text: 'श्री', devanagari: true },
    ]);
    expect(scriptRuns('Asha Rao')).toEqual([{ text: 'Asha Rao', devanagari: false }]);
  });
});

describe('a jsPDF page that draws Devanagari', () => {
  it('measures a mixed line as its Latin text plus the shaped advances', async () => {
    const pdf = await page();
    const latin = pdf.getTextWidth('Asha ');
    const { regular } = await devanagariFonts();
    const hindi = (regular.shape('क्षितिज').advance * 10) / 1000 / pdf.internal.scaleFactor;
    expect(pdf.getTextWidth('Asha क्षितिज')).toBeCloseTo(latin + hindi, 6);
    // Bold is measured in the bold face, wider.
    pdf.setFont('NotoSans', 'bold');
    expect(pdf.getTextWidth('क्षितिज')).toBeGreaterThan(hindi);
    expect(pdf.getTextWidth('Asha')).toBeGreaterThan(0);
  });

  it('wraps a Hindi address within the column, every word kept', async () => {
    const pdf = await page();
    const address = 'शुद्ध निवास, श्रीनगर मार्ग, कर्क रोड, नई दिल्ली 110001';
    const lines = pdf.splitTextToSize(address, 30) as string[];
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(pdf.getTextWidth(line)).toBeLessThanOrEqual(30);
    expect(lines.join(' ')).toBe(address);
    // Latin text wraps as jsPDF always did.
    const plain = new jsPDF({ unit: 'mm', format: 'a4' });
    embedInvoiceFonts(plain);
    const latin = 'Shop 4, MG Road, Kothrud, Pune 411001';
    expect(pdf.splitTextToSize(latin, 30)).toEqual(
      plain.setFontSize(10).splitTextToSize(latin, 30),
    );
  });

  it('breaks a word wider than the column between its letters, a matra kept with its letter', async () => {
    const pdf = await page();
    const word = 'उत्तरप्रदेशमहाराष्ट्रकर्नाटकतमिलनाडु';
    const lines = pdf.splitTextToSize(`नई ${word}`, 20) as string[];
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0]).toBe('नई');
    expect(lines.slice(1).join('')).toBe(word);
    for (const line of lines) {
      expect(pdf.getTextWidth(line)).toBeLessThanOrEqual(20);
      expect(line, line).not.toMatch(/^\p{M}/u);
    }
  });

  it('draws the run as filled outlines in the text colour, its words kept for search', async () => {
    const pdf = await page();
    pdf.setTextColor(200, 30, 30);
    pdf.text(['श्री क्षितिज शर्मा (Kshitij)', 'Phone'], 20, 30);
    const file = contentOf(pdf);
    expect(file).toContain(actualText('श्री क्षितिज शर्मा'));
    expect(file).toMatch(/q 0\.78 0\.11[78] 0\.11[78] rg/);
    expect(file).toMatch(/ cm [-\d ]+ m [\s\S]*? c [\s\S]*? f Q/);
    // The Latin on the line is still text.
    expect(file).toMatch(/\(Kshitij\)|<[0-9A-F]+> Tj/);
  });

  it('right-aligns a mixed line at x, as the invoice’s right column does', async () => {
    const pdf = await page();
    const writes: string[] = [];
    const internal = pdf.internal as unknown as { write: (...parts: string[]) => void };
    const write = internal.write;
    internal.write = (...parts: string[]) => {
      writes.push(parts.join(' '));
      write(...parts);
    };
    drawDevanagari(pdf, await devanagariFonts());
    const line = 'राम 42';
    const width = pdf.getTextWidth(line);
    pdf.text(line, 100, 50, { align: 'right' });
    const k = pdf.internal.scaleFactor;
    // The first glyph of राम starts at x − the line's width.
    const first = writes.join('\n').match(/ 0 0 [\d.]+ ([\d.]+) [\d.]+ cm/);
    expect(Number(first?.[1])).toBeCloseTo((100 - width) * k, 1);
  });
});

describe('which characters the PDFs leave blank', () => {
  it('no longer counts Devanagari, and still counts a script not drawn (Tamil)', () => {
    expect(undrawableCharacters(['श्री क्षितिज शर्मा', 'शुद्ध, कर्क', 'Asha Rao'])).toEqual([]);
    expect(undrawableCharacters(['आशा', 'தமிழ்'])).toEqual(['த', 'ம', 'ி', 'ழ', '்']);
  });
});

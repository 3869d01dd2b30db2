import { bold, regular } from 'virtual:devanagari-fonts';
import { devanagariRanges } from 'virtual:invoice-fonts';
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';
import type { jsPDF } from 'jspdf';

/**
 * Devanagari in the PDFs (issue 39 item 26, decision 042). jsPDF writes text glyph by glyph
 * from the font's character map and cannot shape: क्ष would come out as क ् ष and ि after its
 * letter. So a run of Devanagari is shaped by HarfBuzz (the shaper browsers use) with Noto Sans
 * Devanagari, and each shaped glyph is drawn as its outline, filled in the text's colour, where
 * HarfBuzz placed it. Everything else on the line is still jsPDF text in Noto Sans. This module
 * (HarfBuzz's WebAssembly and the font) is loaded only for a document with Devanagari in it.
 */

/** A shaped glyph: its id in the font and where HarfBuzz put it, in font units. */
export interface ShapedGlyph {
  id: number;
  /** Offset from the pen, x right and y up. */
  x: number;
  y: number;
}

export interface ShapedRun {
  glyphs: ShapedGlyph[];
  /** The pen's travel over the run, in font units. */
  advance: number;
}

const rangeClass = devanagariRanges
  .map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`)
  .join('');
/** ZWNJ and ZWJ choose a half form or a conjunct: they belong to the Devanagari around them. */
const LETTERS = `[${rangeClass}\\u200c\\u200d]`;
/** Devanagari words with the spaces between them, shaped as one run. */
const DEVANAGARI_RUN = new RegExp(`${LETTERS}+(?: +${LETTERS}+)*`, 'gu');
const HAS_DEVANAGARI = new RegExp(`[${rangeClass}]`, 'u');

/** The pieces of a line: Devanagari runs to shape, the rest for jsPDF's own text. */
export function scriptRuns(line: string): Array<{ text: string; devanagari: boolean }> {
  const runs: Array<{ text: string; devanagari: boolean }> = [];
  let from = 0;
  for (const match of line.matchAll(DEVANAGARI_RUN)) {
    if (match.index > from) runs.push({ text: line.slice(from, match.index), devanagari: false });
    runs.push({ text: match[0], devanagari: true });
    from = match.index + match[0].length;
  }
  if (from < line.length) runs.push({ text: line.slice(from), devanagari: false });
  return runs;
}

export const hasDevanagari = (text: string) => HAS_DEVANAGARI.test(text);

/** One weight of the font in HarfBuzz, its shaped runs and glyph outlines kept. */
class DevanagariFace {
  readonly upem: number;
  private readonly font: Font;
  private readonly runs = new Map<string, ShapedRun>();
  private readonly outlines = new Map<number, string>();

  constructor(bytes: ArrayBuffer) {
    const face = new Face(new Blob(bytes), 0);
    this.upem = face.upem;
    this.font = new Font(face);
  }

  /** The font's glyph for a character on its own (0 when it has none). */
  nominalGlyph(character: string): number {
    return this.font.nominalGlyph(character.codePointAt(0) ?? 0) ?? 0;
  }

  shape(text: string): ShapedRun {
    const known = this.runs.get(text);
    if (known) return known;
    const buffer = new Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(this.font, buffer);
    const positions = buffer.getGlyphPositions();
    let pen = 0;
    const glyphs = buffer.getGlyphInfos().map((info, index) => {
      const position = positions[index];
      const glyph = {
        id: info.codepoint,
        x: pen + (position?.xOffset ?? 0),
        y: position?.yOffset ?? 0,
      };
      pen += position?.xAdvance ?? 0;
      return glyph;
    });
    const run = { glyphs, advance: pen };
    this.runs.set(text, run);
    return run;
  }

  /**
   * The glyph's outline as PDF path operators in font units (y up), its quadratic curves
   * raised to the cubic ones PDF draws. Filled with the non-zero rule, as TrueType means.
   */
  outline(id: number): string {
    const known = this.outlines.get(id);
    if (known !== undefined) return known;
    const ops: string[] = [];
    let x = 0;
    let y = 0;
    const n = (value: number) => String(Math.round(value));
    for (const { type, values } of this.font.glyphToJson(id)) {
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = values;
      if (type === 'M' || type === 'L') {
        ops.push(`${n(a)} ${n(b)} ${type === 'M' ? 'm' : 'l'}`);
        [x, y] = [a, b];
      } else if (type === 'Q') {
        const c1 = [x + ((a - x) * 2) / 3, y + ((b - y) * 2) / 3];
        const c2 = [c + ((a - c) * 2) / 3, d + ((b - d) * 2) / 3];
        ops.push(`${c1.map(n).join(' ')} ${c2.map(n).join(' ')} ${n(c)} ${n(d)} c`);
        [x, y] = [c, d];
      } else if (type === 'C') {
        ops.push(`${[a, b, c, d, e, f].map(n).join(' ')} c`);
        [x, y] = [e, f];
      } else ops.push('h');
    }
    const path = ops.join(' ');
    this.outlines.set(id, path);
    return path;
  }
}

export interface DevanagariFonts {
  regular: DevanagariFace;
  bold: DevanagariFace;
}

let loading: Promise<DevanagariFonts> | undefined;

/** Both weights, fetched once per page (the wasm comes with this module's import). */
export function devanagariFonts(): Promise<DevanagariFonts> {
  const bytes = async (address: string) => {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`${address}: ${response.status}`);
    return response.arrayBuffer();
  };
  loading ??= Promise.all([bytes(regular), bytes(bold)]).then(([normal, heavy]) => ({
    regular: new DevanagariFace(normal),
    bold: new DevanagariFace(heavy),
  }));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * A word's letters as a reader sees them (grapheme clusters: a consonant with its matra stays
 * whole), or its code points where Intl.Segmenter is missing (Firefox before 125).
 */
const letters = (word: string): string[] =>
  typeof Intl.Segmenter === 'function'
    ? Array.from(
        new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(word),
        (part) => part.segment,
      )
    : Array.from(word);

/** UTF-16BE in hex, as a PDF text string wants it. */
const utf16 = (text: string) =>
  Array.from({ length: text.length }, (_, index) =>
    text.charCodeAt(index).toString(16).padStart(4, '0'),
  ).join('');

const ALIGNS = new Set(['left', 'right', 'center']);

/** '#5a5a5a' → '0.353 0.353 0.353' for the rg operator. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return [16, 8, 0].map((shift) => Number((((value >> shift) & 255) / 255).toFixed(3))).join(' ');
}

/**
 * Makes this document draw Devanagari: its text(), getTextWidth() and splitTextToSize() treat
 * each Devanagari run as shaped glyphs, measured by their advances, so alignment, columns and
 * wrapping work as for Latin. A line without Devanagari goes to jsPDF untouched.
 */
export function drawDevanagari(pdf: jsPDF, fonts: DevanagariFonts): void {
  const text = pdf.text.bind(pdf);
  const textWidth = pdf.getTextWidth.bind(pdf);
  const split = pdf.splitTextToSize.bind(pdf);
  const write = (pdf.internal as unknown as { write: (...parts: string[]) => void }).write;
  const face = () => (pdf.getFont().fontStyle.includes('bold') ? fonts.bold : fonts.regular);
  /** Font units → the document's unit (mm). */
  const scale = (target: DevanagariFace) =>
    pdf.getFontSize() / target.upem / pdf.internal.scaleFactor;

  const width = (line: string): number =>
    scriptRuns(line).reduce((sum, run) => {
      if (!run.devanagari) return sum + textWidth(run.text);
      const target = face();
      return sum + target.shape(run.text).advance * scale(target);
    }, 0);

  /** A run's glyphs from the pen at (x, y), the baseline, in the text's colour. */
  const drawRun = (run: string, x: number, y: number): number => {
    const target = face();
    const shaped = target.shape(run);
    const size = pdf.getFontSize() / target.upem;
    const k = pdf.internal.scaleFactor;
    const left = Number(pdf.getHorizontalCoordinateString(x));
    const baseline = Number(pdf.getVerticalCoordinateString(y));
    // The words themselves, for copying and search: a marked span whose ActualText is the
    // run, over the run written invisibly (readers take a span's text from the text in it).
    // Stretched to the shaped run's width, so a selection covers what is seen.
    const written = textWidth(run);
    const runWidth = (shaped.advance * size) / k;
    // Its own q…Q: the invisible mode and the stretch must not carry to the next text.
    write(`/Span <</ActualText <FEFF${utf16(run)}>>> BDC q`);
    text(run, x, y, {
      renderingMode: 'invisible',
      ...(written > 0 ? { horizontalScale: runWidth / written } : {}),
    });
    write('Q');
    const parts = [`q ${rgb(pdf.getTextColor())} rg`];
    for (const glyph of shaped.glyphs) {
      const outline = target.outline(glyph.id);
      if (!outline) continue;
      const gx = (left + glyph.x * size).toFixed(2);
      const gy = (baseline + glyph.y * size).toFixed(2);
      parts.push(`q ${size.toFixed(5)} 0 0 ${size.toFixed(5)} ${gx} ${gy} cm ${outline} f Q`);
    }
    parts.push('Q EMC');
    write(parts.join('\n'));
    return runWidth;
  };

  const wrap = (paragraph: string, maxWidth: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(' ')) {
      const joined = line ? `${line} ${word}` : word;
      if (!line || width(joined) <= maxWidth) {
        line = joined;
        if (width(line) <= maxWidth) continue;
      } else {
        lines.push(line);
        line = word;
        if (width(word) <= maxWidth) continue;
      }
      // A word wider than the column breaks between its letters as written (clusters).
      const pieces = letters(line);
      line = '';
      for (const segment of pieces) {
        if (line && width(line + segment) > maxWidth) {
          lines.push(line);
          line = segment;
        } else line += segment;
      }
    }
    lines.push(line);
    return lines;
  };

  pdf.getTextWidth = (value: string) => (hasDevanagari(value) ? width(value) : textWidth(value));

  pdf.splitTextToSize = (value: string | string[], maxWidth: number, options?: unknown) => {
    const texts = Array.isArray(value) ? value : [value];
    if (!texts.some(hasDevanagari)) return split(value as string, maxWidth, options);
    return texts.flatMap((one) =>
      one
        .split(/\r?\n/)
        .flatMap((paragraph) =>
          hasDevanagari(paragraph) ? wrap(paragraph, maxWidth) : split(paragraph, maxWidth),
        ),
    );
  };

  pdf.text = ((value: string | string[], x: number, y: number, options?, transform?) => {
    const lines = (Array.isArray(value) ? value : [value]).flatMap((one) => one.split(/\r?\n/));
    if (!lines.some(hasDevanagari)) return text(value, x, y, options, transform);
    const align = options?.align && ALIGNS.has(options.align) ? options.align : 'left';
    const step = (pdf.getFontSize() * pdf.getLineHeightFactor()) / pdf.internal.scaleFactor;
    lines.forEach((line, index) => {
      const lineWidth = width(line);
      let pen = align === 'right' ? x - lineWidth : align === 'center' ? x - lineWidth / 2 : x;
      const baseline = y + step * index;
      for (const run of scriptRuns(line)) {
        if (run.devanagari) pen += drawRun(run.text, pen, baseline);
        else {
          text(run.text, pen, baseline);
          pen += textWidth(run.text);
        }
      }
    });
    return pdf;
  }) as typeof pdf.text;
}

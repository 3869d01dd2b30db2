/** The invoice PDF's font, cut to what an invoice prints, as base64 (invoice-fonts.ts). */
declare module 'virtual:invoice-fonts' {
  export const regular: string;
  export const bold: string;
  /** The code points both weights draw, as [first, last] pairs. */
  export const ranges: ReadonlyArray<readonly [number, number]>;
  /** The code points the Devanagari font draws, shaped (decision 042). */
  export const devanagariRanges: ReadonlyArray<readonly [number, number]>;
}

/** Where to fetch each weight of the PDF's Devanagari font, cut at build time (decision 042). */
declare module 'virtual:devanagari-fonts' {
  export const regular: string;
  export const bold: string;
}

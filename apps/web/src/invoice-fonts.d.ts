/** The invoice PDF's font, cut to what an invoice prints, as base64 (invoice-fonts.ts). */
declare module 'virtual:invoice-fonts' {
  export const regular: string;
  export const bold: string;
  /** The code points both weights draw, as [first, last] pairs. */
  export const ranges: ReadonlyArray<readonly [number, number]>;
}

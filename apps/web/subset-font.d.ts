/** subset-font ships no types; the part invoice-fonts.ts uses. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
      noHinting?: boolean;
      noLayoutClosure?: boolean;
    },
  ): Promise<Buffer>;
}

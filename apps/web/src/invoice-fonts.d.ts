/** The invoice PDF's font, cut to what an invoice prints, as base64 (invoice-fonts.ts). */
declare module 'virtual:invoice-fonts' {
  export const regular: string;
  export const bold: string;
}

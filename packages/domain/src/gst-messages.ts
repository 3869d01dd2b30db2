/** The words GST checks show, one place for server answers, forms and tests (issue 19). */
export const GST_MESSAGES = {
  gstinLength: 'GSTIN must be 15 characters',
  gstinFormat: 'GSTIN format is not valid',
  gstinState: 'GSTIN state code is not a valid state',
  gstinChecksum: 'GSTIN check digit does not match: please check for a typo',
  hsnFormat: 'HSN code must be 4, 6 or 8 digits',
  sacFormat: 'SAC code must be 6 digits starting with 99',
} as const;

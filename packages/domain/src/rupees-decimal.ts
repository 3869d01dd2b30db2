/**
 * Paise as a plain decimal of rupees, '1234.50': what UPI's `am` and spreadsheets read. Built
 * from the integer, since (paise / 100).toFixed(2) can be a paisa off for large amounts.
 */
export function rupeesDecimal(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not whole paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

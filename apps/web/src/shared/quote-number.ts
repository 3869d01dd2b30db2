/**
 * A quotation's number as the desk and the PDF name it: 'QKOTH/26-27/0001', and '…-R2' from
 * the second version on (decision 049). A number already carrying its '-R' is left as is,
 * since some answers give the display number and others the series number with the version.
 */
export function quoteDisplayNumber(number: string, version: number): string {
  if (version <= 1 || number.endsWith(`-R${version}`)) return number;
  return `${number}-R${version}`;
}

import { GST_MESSAGES } from './gst-messages';
import { isStateCode } from './gst-states';

/**
 * A GSTIN: state code (2 digits), the holder's PAN (5 letters, 4 digits, 1 letter), the
 * registration number under that PAN in the state (1-9, then A-Z), a 14th character that is
 * 'Z' today but reserved for other uses (so any letter or digit is accepted), and a check
 * character. Upper case only: validateGstin upper-cases what was typed first.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/;

const GSTIN_LENGTH = 15;
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTN check character of the first 14 characters (a Luhn mod 36): each character's value
 * 0-35 times a factor alternating 1, 2 from the left; each product adds its base-36 digits
 * (quotient plus remainder by 36); the check makes the sum a multiple of 36.
 */
export function gstinChecksumChar(first14: string): string {
  const body = first14.toUpperCase();
  if (body.length !== GSTIN_LENGTH - 1) throw new Error('gstinChecksumChar needs 14 characters');
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const value = CHARSET.indexOf(body.charAt(i));
    if (value < 0) throw new Error(`gstinChecksumChar: '${body.charAt(i)}' is not 0-9 or A-Z`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

export type GstinResult =
  | { ok: true; gstin: string; stateCode: string }
  | { ok: false; message: string };

/** Checks in the order a person fixes them: length, shape, state, then a typo (the checksum). */
export function validateGstin(raw: string): GstinResult {
  const gstin = raw.trim().toUpperCase();
  if (gstin.length !== GSTIN_LENGTH) return { ok: false, message: GST_MESSAGES.gstinLength };
  if (!GSTIN_PATTERN.test(gstin)) return { ok: false, message: GST_MESSAGES.gstinFormat };
  const stateCode = gstin.slice(0, 2);
  if (!isStateCode(stateCode)) return { ok: false, message: GST_MESSAGES.gstinState };
  if (gstinChecksumChar(gstin.slice(0, 14)) !== gstin.charAt(14))
    return { ok: false, message: GST_MESSAGES.gstinChecksum };
  return { ok: true, gstin, stateCode };
}

/** A branch's GSTIN must be of the state it is in: its first two digits are that state. */
export function gstinStateMatches(gstin: string, stateCode: string): boolean {
  return gstin.trim().slice(0, 2) === stateCode;
}

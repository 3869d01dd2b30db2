import { z } from 'zod';

/**
 * The shared building blocks every request schema uses for numbers and dates (issue 16 §4, §7).
 *
 * - A number in a JSON body is accepted only as a JSON number: "0x10", true, [5] and "1e3" are
 *   refused, never coerced.
 * - A number in a query string is accepted only as plain decimal digits.
 * - Every integer and money amount is bounded to what its database column holds (int4 counts,
 *   bigint paise) and to what a shop can sensibly mean.
 * - A date is an ISO date or date-time between the years 1900 and 2100; anything else is refused,
 *   never read as today.
 */

/** The most units of an item one request moves; far below int4's 2,147,483,647. */
export const MAX_QUANTITY = 1_000_000;
/** A person's age in years. */
export const MAX_AGE = 150;
/** The largest amount in rupees a price or payment may state: 10 crore. */
export const MAX_RUPEES = 100_000_000;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
/** The longest a query-string number may be: enough for any bound above. */
const MAX_QUERY_DIGITS = 9;

export const INPUT_NUMBER_MESSAGES = {
  notANumber: 'Please enter a valid number',
  notAWholeNumber: 'Please enter a whole number',
  tooLarge: (max: number) => `Please enter a number no larger than ${max.toLocaleString('en-IN')}`,
  invalidDate: 'Please enter a valid date',
  invalidAmount: 'Please enter a valid amount (at most 2 decimal places)',
} as const;

interface IntOptions {
  min: number;
  max: number;
  /** The spec's message for a value below min (or not a number at all, when given). */
  message?: string;
}

/** An integer in a JSON body: a JSON number only, whole, min..max. */
export function jsonInt({ min, max, message }: IntOptions) {
  return z
    .number({ error: message ?? INPUT_NUMBER_MESSAGES.notANumber })
    .int(message ?? INPUT_NUMBER_MESSAGES.notAWholeNumber)
    .min(min, message ?? `Please enter a number of at least ${min}`)
    .max(max, INPUT_NUMBER_MESSAGES.tooLarge(max));
}

/** A quantity of units in a JSON body: 1..MAX_QUANTITY. */
export const quantityField = (message?: string) =>
  jsonInt({ min: 1, max: MAX_QUANTITY, ...(message ? { message } : {}) });

/** An age in a JSON body: min..MAX_AGE. */
export const ageField = (min: number, message: string) => jsonInt({ min, max: MAX_AGE, message });

/** True when a number of rupees has at most two decimals (whole paise). */
const wholePaise = (rupees: number) => Math.abs(Math.round(rupees * 100) - rupees * 100) < 1e-6;

/** A money amount in rupees in a JSON body: a JSON number, 0..MAX_RUPEES, whole paise. */
export function rupeesField(message?: string) {
  return z
    .number({ error: message ?? INPUT_NUMBER_MESSAGES.invalidAmount })
    .min(0, message ?? INPUT_NUMBER_MESSAGES.invalidAmount)
    .max(MAX_RUPEES, INPUT_NUMBER_MESSAGES.tooLarge(MAX_RUPEES))
    .refine(wholePaise, INPUT_NUMBER_MESSAGES.invalidAmount);
}

/**
 * An integer in a query string: plain decimal digits only (no sign, exponent, hex or blank),
 * then bounded. The JSON schema of the input is a digit-pattern string.
 */
export function queryInt({ min, max, message }: IntOptions) {
  return z
    .string()
    .regex(
      new RegExp(`^[0-9]{1,${MAX_QUERY_DIGITS}}$`),
      message ?? INPUT_NUMBER_MESSAGES.notAWholeNumber,
    )
    .transform(Number)
    .pipe(jsonInt({ min, max, ...(message ? { message } : {}) }));
}

/** YYYY-MM-DD, optionally Thh:mm[:ss[.fff]] with Z or an offset. Nothing else. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** True for a real calendar date (no 31 February) in MIN_YEAR..MAX_YEAR, in ISO form. */
export function isStrictIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [, y, m, d, hh, mm, ss] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59))
    return false;
  return !Number.isNaN(Date.parse(text.replace(' ', 'T')));
}

/** A date or date-time in a JSON body or query string: strict ISO, years 1900..2100. */
export const isoDateField = (message: string = INPUT_NUMBER_MESSAGES.invalidDate) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .regex(ISO_DATE, message)
    .refine(isStrictIsoDate, message);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A query-string choice of several values of an enum, comma-separated ('pending,assigned');
 * 'all' and blanks are dropped. Anything else is refused with `message`. The pattern documents
 * the choices in the OpenAPI document.
 */
export function enumListQuery<T extends string>(values: readonly T[], message: string) {
  const choice = `(?:${[...values, 'all'].map(escapeRegExp).join('|')})`;
  return z
    .string()
    .max(1000, message)
    .regex(new RegExp(`^ *${choice}? *(?:, *${choice}? *)*$`), message)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part): part is T => part !== '' && part !== 'all'),
    );
}

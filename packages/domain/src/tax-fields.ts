import { z } from 'zod';
import { isStateCode } from './gst-states';
import { validateGstin } from './gstin';
import { INVOICE_MESSAGES } from './invoice-schemas';

/**
 * The tax fields branches, contacts and work orders share (issue 19). Blank and null both
 * mean 'none' (null), so a form can clear a field by emptying it; wrap them in .optional()
 * where absent must mean 'leave it as it is'.
 */

/** A rate that is no percent at all; one that is not an active slab names the slabs instead. */
export const GST_RATE_FORMAT = 'GST rate must be a percent from 0 to 100, for example 18';

/** A GSTIN, upper-cased, with validateGstin's message for the first thing wrong. */
export const gstinField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : null))
  .superRefine((value, ctx) => {
    if (value === null) return;
    const result = validateGstin(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
  });

/** A GST state code ('29'), one of INDIAN_STATES. */
export const stateCodeField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isStateCode(value), INVOICE_MESSAGES.invalidState);

/** A branch's invoice series: 1 to 4 letters or digits, upper-cased ('koth' → 'KOTH'). */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;
export const invoicePrefixField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : null))
  .refine(
    (value) => value === null || INVOICE_PREFIX_PATTERN.test(value),
    INVOICE_MESSAGES.invoicePrefixFormat,
  );

/**
 * The state a GSTIN and a state code stand for together: the code given, else the GSTIN's
 * first two digits; 'mismatch' when both are given and differ. Null: neither.
 */
export function taxStateOf(
  gstin: string | null,
  stateCode: string | null,
): { stateCode: string | null } | 'mismatch' {
  if (!gstin) return { stateCode };
  const gstinState = gstin.slice(0, 2);
  if (stateCode && stateCode !== gstinState) return 'mismatch';
  return { stateCode: gstinState };
}

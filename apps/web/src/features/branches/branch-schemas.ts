import { BRANCH_MESSAGES, UPI_VPA_PATTERN } from '@karya/domain/branch-schemas';
import { validateGstin } from '@karya/domain/gst';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { INVOICE_PREFIX_PATTERN, taxStateOf } from '@karya/domain/tax-fields';
import { z } from 'zod';

/** Spec 1 §5 "Add branch" as a form (every field a string), messages from packages/domain. */
const BRANCH_REQUIRED_MESSAGE = BRANCH_MESSAGES.nameAndLocationRequired;

/** The branch form of Add New Branch and Edit Branch: blank UPI fields mean the default payee. */
export const branchFormSchema = z
  .object({
    name: z.string().trim().min(1, BRANCH_REQUIRED_MESSAGE),
    location: z.string().trim().min(1, BRANCH_REQUIRED_MESSAGE),
    address: z.string().trim(),
    phone: z.string().trim(),
    status: z.enum(['active', 'inactive']),
    upiVpa: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || UPI_VPA_PATTERN.test(value),
        BRANCH_MESSAGES.invalidUpiVpa,
      ),
    upiName: z.string().trim(),
    /** Tax identity (issue 19): blank GSTIN, state or series clears it on the server. */
    gstin: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .superRefine((value, ctx) => {
        if (value === '') return;
        const checked = validateGstin(value);
        if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
      }),
    stateCode: z.string(),
    invoicePrefix: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine(
        (value) => value === '' || INVOICE_PREFIX_PATTERN.test(value),
        INVOICE_MESSAGES.invoicePrefixFormat,
      ),
    /** Issue 22: no 'Complete Project & Send for Approval' without the customer's signature. */
    requireSignature: z.boolean(),
  })
  .superRefine((branch, ctx) => {
    if (taxStateOf(branch.gstin || null, branch.stateCode || null) === 'mismatch')
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: INVOICE_MESSAGES.gstinStateMismatch,
      });
  });
export type BranchFormInput = z.input<typeof branchFormSchema>;
/** What the form sends: the GSTIN and the series upper-cased. */
export type BranchFormOutput = z.output<typeof branchFormSchema>;

/** The state a typed GSTIN stands for, when it is a valid one; null otherwise. */
export function stateOfGstin(gstin: string): string | null {
  const checked = validateGstin(gstin);
  return checked.ok ? checked.stateCode : null;
}

export const EMPTY_BRANCH_FORM: BranchFormInput = {
  name: '',
  location: '',
  address: '',
  phone: '',
  status: 'active',
  upiVpa: '',
  upiName: '',
  gstin: '',
  stateCode: '',
  invoicePrefix: '',
  requireSignature: true,
};

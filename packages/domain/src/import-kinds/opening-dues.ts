import { z } from 'zod';
import { calendarDayField } from '../amc-schemas';
import { createCustomerSchema } from '../contact-schemas';
import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { rupeesField } from '../input';

/**
 * Opening dues (issue 36, decision 050): invoices of the old system a customer still owes on.
 * The number is the old system's and stays as it is (Karya's series never numbers it).
 */
export const OPENING_DUE_MESSAGES = {
  numberRequired: 'Please enter the invoice number from your old system',
  invalidDate: 'Please enter a valid invoice date',
  futureDate: 'The invoice date cannot be after today',
  invalidAmount: 'Please enter a valid amount (at most 2 decimal places)',
  invalidReceived: 'Please enter a valid amount received (at most 2 decimal places)',
  receivedOverAmount: 'Received cannot be more than the invoice amount',
  nothingDue: 'Nothing is due on this invoice: it is paid in full',
  customerNotFound: 'Customer not found',
  numberExists:
    'An invoice with this number is already in Karya: its amount and payments are not changed by a file',
  projectType: 'Opening balance',
} as const;
const M = OPENING_DUE_MESSAGES;

const schema = z
  .object({
    invoiceNumber: z.string({ error: M.numberRequired }).trim().min(1, M.numberRequired).max(50),
    invoiceDate: calendarDayField(M.invalidDate),
    phoneNumber: createCustomerSchema.shape.phoneNumber,
    amount: rupeesField(M.invalidAmount),
    received: rupeesField(M.invalidReceived).default(0),
  })
  .superRefine((row, ctx) => {
    if (row.received > row.amount)
      ctx.addIssue({ code: 'custom', path: ['received'], message: M.receivedOverAmount });
    else if (row.received === row.amount)
      ctx.addIssue({ code: 'custom', path: ['received'], message: M.nothingDue });
  });

export type OpeningDueInput = z.output<typeof schema>;

const columns = [
  {
    key: 'invoiceNumber',
    label: 'Invoice Number',
    required: true,
    type: 'text',
    synonyms: ['Invoice No', 'Inv No', 'Bill No', 'Bill Number', 'Voucher No', 'Invoice'],
    hint: 'as your old system printed it; kept as it is',
  },
  {
    key: 'invoiceDate',
    label: 'Invoice Date',
    required: true,
    type: 'date',
    synonyms: ['Date', 'Bill Date', 'Voucher Date', 'Inv Date'],
    hint: 'YYYY-MM-DD',
  },
  {
    key: 'phoneNumber',
    label: 'Customer Phone',
    required: true,
    type: 'text',
    synonyms: ['Phone', 'Mobile', 'Phone No', 'Contact', 'Mobile No', 'Customer Mobile'],
    hint: 'a customer of the branch, found by phone as the phone search finds it',
  },
  {
    key: 'amount',
    label: 'Amount',
    required: true,
    type: 'number',
    synonyms: ['Total', 'Invoice Amount', 'Bill Amount', 'Grand Total', 'Invoice Value'],
    hint: 'rupees, the invoice’s total with GST',
  },
  {
    key: 'received',
    label: 'Received',
    required: false,
    type: 'number',
    synonyms: ['Paid', 'Amount Received', 'Received Amount', 'Amount Paid'],
    hint: 'rupees received before Karya; blank: 0',
  },
] as const;

/** Invoice numbers compared without case or surrounding spaces. */
export const openingDueKey = (invoiceNumber: string) => invoiceNumber.trim().toLowerCase();

export const openingDuesImport: ImportKindDefinition<OpeningDueInput> = {
  kind: 'opening-dues',
  label: 'Opening dues',
  perBranch: true,
  managers: false,
  columns,
  example: {
    invoiceNumber: 'INV/2025-26/0417',
    invoiceDate: '2026-02-14',
    phoneNumber: '9876543210',
    amount: 11800,
    received: 5000,
  },
  check: (values) => checkWithSchema(columns, schema, values),
  keys: (input) => [{ column: 'Invoice Number', key: openingDueKey(input.invoiceNumber) }],
};

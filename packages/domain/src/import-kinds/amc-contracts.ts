import { AMC_COVERAGES } from '../amc';
import { AMC_MESSAGES, importAmcContractInput } from '../amc-schemas';
import { createCustomerSchema } from '../contact-schemas';
import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { phoneKey } from './contact-columns';

/**
 * The create-contract form's terms (amc-schemas' importAmcContractInput), the customer named
 * by phone as the add-customer form takes a phone, and the project type required: a file has
 * no installation to take it from.
 */
const schema = importAmcContractInput
  .and(createCustomerSchema.pick({ phoneNumber: true }))
  .superRefine((row, ctx) => {
    if (!row.projectType)
      ctx.addIssue({
        code: 'custom',
        path: ['projectType'],
        message: AMC_MESSAGES.projectTypeRequired,
      });
  });

export type AmcContractImportInput = ReturnType<typeof schema.parse>;

const columns = [
  {
    key: 'phoneNumber',
    label: 'Customer Phone',
    required: true,
    type: 'text',
    synonyms: ['Phone', 'Mobile', 'Phone No', 'Contact', 'Mobile No', 'Customer Mobile'],
    hint: 'a customer of the branch, found by phone as the phone search finds it',
  },
  {
    key: 'projectType',
    label: 'Project Type',
    required: true,
    type: 'text',
    synonyms: ['Covers', 'System', 'Contract For', 'Project', 'Description'],
  },
  {
    key: 'startDate',
    label: 'Start Date',
    required: true,
    type: 'date',
    synonyms: ['Start', 'From', 'Contract Start', 'AMC Start'],
    hint: 'YYYY-MM-DD',
  },
  {
    key: 'termMonths',
    label: 'Term (Months)',
    required: false,
    type: 'number',
    synonyms: ['Term', 'Months', 'Duration', 'Period'],
    hint: 'blank: 12',
  },
  {
    key: 'visitsPerTerm',
    label: 'Visits',
    required: true,
    type: 'number',
    synonyms: ['Visits per Term', 'No of Visits', 'Services', 'Visits per Year'],
    hint: '1, 2, 4 or 12',
  },
  {
    key: 'price',
    label: 'Price',
    required: true,
    type: 'number',
    synonyms: ['Amount', 'Contract Value', 'AMC Amount', 'Value'],
    hint: 'rupees',
  },
  {
    key: 'priceIncludesTax',
    label: 'Price Includes GST',
    required: false,
    type: 'boolean',
    synonyms: ['Inclusive of GST', 'Incl GST'],
    hint: 'yes or no; blank: no',
  },
  {
    key: 'gstRate',
    label: 'GST Rate',
    required: false,
    type: 'number',
    synonyms: ['GST %', 'GST', 'Tax Rate'],
    hint: 'percent; blank: 18',
  },
  {
    key: 'coverage',
    label: 'Coverage',
    required: false,
    type: 'text',
    synonyms: ['Cover', 'AMC Type', 'Type'],
    hint: `${AMC_COVERAGES.join(' or ')}; blank: labour`,
  },
  {
    key: 'serialNumbers',
    label: 'Serial Numbers',
    required: false,
    type: 'text',
    synonyms: ['Serials', 'Serial No', 'Equipment Serials'],
    hint: 'separated by commas',
  },
  {
    key: 'notes',
    label: 'Notes',
    required: false,
    type: 'text',
    synonyms: ['Remarks', 'Remark', 'Note'],
  },
] as const;

/** A contract is the same as another of its customer, start and project type. */
export const amcContractKey = (input: {
  phoneNumber: string;
  startDate: string;
  projectType?: string | undefined;
}) =>
  `${phoneKey(input.phoneNumber).key}|${input.startDate}|${(input.projectType ?? '').trim().toLowerCase()}`;

export const amcContractsImport: ImportKindDefinition<AmcContractImportInput> = {
  kind: 'amc-contracts',
  label: 'AMC contracts',
  perBranch: true,
  managers: false,
  columns,
  example: {
    phoneNumber: '9876543210',
    projectType: 'CCTV 4 cameras',
    startDate: '2026-04-01',
    termMonths: 12,
    visitsPerTerm: 4,
    price: 4800,
    priceIncludesTax: false,
    gstRate: 18,
    coverage: 'labour',
    serialNumbers: 'DS2CE16D0T-0001, DS2CE16D0T-0002',
    notes: '',
  },
  check: (values) =>
    checkWithSchema(columns, schema, values, ({ serialNumbers, coverage, ...fields }) => ({
      ...fields,
      ...(coverage !== undefined
        ? { coverage: typeof coverage === 'string' ? coverage.toLowerCase() : coverage }
        : {}),
      ...(typeof serialNumbers === 'string'
        ? {
            serialNumbers: serialNumbers
              .split(/[,;\n]/)
              .map((serial) => serial.trim())
              .filter(Boolean),
          }
        : {}),
    })),
  keys: (input) => [{ column: 'Start Date', key: amcContractKey(input) }],
};

import { createLeadSchema, LEAD_STATUSES } from '../contact-schemas';
import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { CONTACT_COLUMNS, phoneKey } from './contact-columns';

const schema = createLeadSchema.omit({ branch: true });

const columns = [
  ...CONTACT_COLUMNS,
  {
    key: 'status',
    label: 'Status',
    required: false,
    type: 'text',
    synonyms: ['Lead Status', 'Interest'],
    hint: `${LEAD_STATUSES.join(', ')}; blank: neutral`,
  },
  {
    key: 'remark',
    label: 'Remark',
    required: false,
    type: 'text',
    synonyms: ['Remarks', 'Note', 'Notes', 'Comment', 'Requirement', 'Initial Remark'],
  },
] as const;

/** The add-lead form: its remark becomes the lead's first remark with the lead's status. */
export const leadsImport: ImportKindDefinition<(typeof schema)['_output']> = {
  kind: 'leads',
  label: 'Leads',
  perBranch: true,
  managers: true,
  columns,
  example: {
    name: 'Sunita Sharma',
    phoneNumber: '+91 98450 12345',
    email: '',
    address: 'Indiranagar, Bengaluru',
    stateCode: '29',
    status: 'positive',
    remark: 'Wants 4 cameras for the shop',
  },
  check: (values) =>
    checkWithSchema(
      columns,
      schema,
      values,
      ({ remark, status, ...fields }) => {
        const lower = typeof status === 'string' ? status.toLowerCase() : status;
        return {
          ...fields,
          ...(lower !== undefined ? { status: lower } : {}),
          ...(remark !== undefined ? { initialRemark: { text: remark, status: lower } } : {}),
        };
      },
      (path) =>
        path[0] === 'initialRemark'
          ? path[1] === 'status'
            ? 'status'
            : 'remark'
          : String(path[0]),
    ),
  keys: (input) => [phoneKey(input.phoneNumber)],
};

import { createCustomerSchema } from '../contact-schemas';
import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { ENTITY_STATUSES } from '../roles';
import { CONTACT_COLUMNS, phoneKey } from './contact-columns';

/**
 * The add-customer form's fields without its project type and first remark: an imported
 * customer is one the shop already served, and opening a pending job for each of 2,000 would
 * flood the work board. Every other rule and message is the form's.
 */
export const importCustomerSchema = createCustomerSchema.omit({
  projectType: true,
  initialRemark: true,
  branch: true,
});

const columns = [
  ...CONTACT_COLUMNS,
  {
    key: 'status',
    label: 'Status',
    required: false,
    type: 'text',
    synonyms: ['Customer Status', 'Active'],
    hint: ENTITY_STATUSES.join(' or '),
  },
] as const;

export const customersImport: ImportKindDefinition<(typeof importCustomerSchema)['_output']> = {
  kind: 'customers',
  label: 'Customers',
  perBranch: true,
  managers: true,
  columns,
  example: {
    name: 'Ramesh Kumar',
    phoneNumber: '9876543210',
    whatsappNumber: '9876543210',
    email: 'ramesh@example.com',
    address: '12 MG Road, Bengaluru',
    age: 42,
    stateCode: '29',
    gstin: '',
    status: 'active',
  },
  check: (values) =>
    checkWithSchema(columns, importCustomerSchema, values, (fields) => ({
      ...fields,
      status: typeof fields.status === 'string' ? fields.status.toLowerCase() : fields.status,
    })),
  keys: (input) => [phoneKey(input.phoneNumber)],
};

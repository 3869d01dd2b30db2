import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { ENTITY_STATUSES } from '../roles';
import { managerAddTechnicianSchema } from '../user-schemas';

const schema = managerAddTechnicianSchema.omit({ branch: true });

const columns = [
  {
    key: 'firstName',
    label: 'First Name',
    required: true,
    type: 'text',
    synonyms: ['First', 'Given Name', 'FName'],
  },
  {
    key: 'lastName',
    label: 'Last Name',
    required: true,
    type: 'text',
    synonyms: ['Last', 'Surname', 'LName'],
  },
  {
    key: 'username',
    label: 'Username',
    required: true,
    type: 'text',
    synonyms: ['User Name', 'Login', 'User ID', 'Login ID'],
  },
  {
    key: 'email',
    label: 'Email',
    required: true,
    type: 'text',
    synonyms: ['E-mail', 'Email Address', 'Mail', 'Email ID'],
  },
  {
    key: 'phone',
    label: 'Phone',
    required: false,
    type: 'text',
    synonyms: [
      'Mobile',
      'Phone No',
      'Contact',
      'Mobile No',
      'Phone Number',
      'Mobile Number',
      'Contact No',
    ],
  },
  {
    key: 'password',
    label: 'Password',
    required: true,
    type: 'text',
    synonyms: ['Initial Password', 'Starting Password'],
    hint: 'at least 6 characters; the technician changes it after signing in',
    secret: true,
  },
  {
    key: 'status',
    label: 'Status',
    required: false,
    type: 'text',
    synonyms: [],
    hint: `${ENTITY_STATUSES.join(' or ')}; blank: active`,
  },
] as const;

/**
 * The add-technician form, password included: the file says each technician's first password,
 * as the form does (the server keeps only its hash from the preview on, and the error rows
 * leave it out). A generated password would have to be shown and kept somewhere until read.
 */
export const techniciansImport: ImportKindDefinition<(typeof schema)['_output']> = {
  kind: 'technicians',
  label: 'Technicians',
  perBranch: true,
  managers: false,
  columns,
  example: {
    firstName: 'Ravi',
    lastName: 'Patil',
    username: 'ravi.patil',
    email: 'ravi@example.com',
    phone: '9876501234',
    password: 'change-me-1',
    status: 'active',
  },
  check: (values) =>
    checkWithSchema(columns, schema, values, (fields) => ({
      ...fields,
      status: typeof fields.status === 'string' ? fields.status.toLowerCase() : fields.status,
    })),
  keys: (input) => [
    { column: 'Username', key: `username:${input.username.toLowerCase()}` },
    { column: 'Email', key: `email:${input.email.toLowerCase()}` },
  ],
};

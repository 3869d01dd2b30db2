import { z } from 'zod';
import { updateLanguageField } from './customer-updates';
import { ageField } from './input';
import { HAND_OPENED_CATEGORIES } from './project-categories';
import { ENTITY_STATUSES } from './roles';
import { gstinField, stateCodeField } from './tax-fields';
import { EMAIL_PATTERN, isUuid } from './user-schemas';

/** Spec 1 §5 and §8: the messages of leads, customers, work orders and complaints. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  phoneTooShort: 'Phone number must be at least 8 digits',
  selectProjectType: 'Please select a project type',
  ageMin: 'Age must be at least 1',
  ageNotNegative: 'Age cannot be negative',
  invalidEmail: 'Please enter a valid email address',
  requiredFields: 'Please fill in all required fields',
  invalidLeadStatus: 'Status must be positive, neutral or negative',
  invalidStatus: 'Status must be active or inactive',
  remarkRequired: 'Please enter a remark',
  phoneBelongsToCustomer: 'This phone number belongs to an existing customer',
  leadNotFound: 'Lead not found',
  customerNotFound: 'Customer not found',
  leadAlreadyConverted: 'This lead has already been converted to a customer',
  selectProject: 'Please select a project',
  complaintDetailsRequired: 'Please enter complaint details',
  projectNotFound: 'Selected project not found',
  noCompletedProjects: 'No completed projects found for this customer',
  invalidCategory: 'Project category must be New Installation or Repair',
  leadAdded: 'Lead/Customer added successfully!',
  customerAdded: 'Lead/Customer added successfully!',
  leadUpdated: 'Lead updated successfully',
  customerUpdated: 'Customer updated successfully',
  remarkAdded: 'Remark added successfully!',
  leadConverted: 'Lead converted to customer successfully',
  workOrderCreated: 'Work order created successfully',
  complaintCreated: 'Complaint created successfully',
} as const;

/** Spec 1 §9. */
export const PROJECT_TYPES = [
  'CCTV Camera',
  'Attendance System',
  'Safe and Locks',
  'Home/Office Automation',
  'IT & Networking Services',
  'Software & Website Development',
  'Custom',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

// In a file without zod, so screens that only show a category load no validation library.
export {
  HAND_OPENED_CATEGORIES,
  PROJECT_CATEGORIES,
  PROJECT_CATEGORY_LABELS,
  type ProjectCategory,
} from './project-categories';

export const LEAD_STATUSES = ['positive', 'neutral', 'negative'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Spec 1 §4 and spec 2 §3: the work-order (project) status vocabulary. */
export const WORK_ORDER_STATUSES = [
  'pending',
  'assigned',
  'in-progress',
  'paused',
  'pending-approval',
  'transferring',
  'transferred',
  'completed',
  // Spec 2 §4: a transfer the manager refused; the technician may start it again.
  'rejected',
] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Spec 1 §9: country codes offered, +91 the default. */
export const COUNTRY_CODES = [
  { code: '+91', label: 'India' },
  { code: '+1', label: 'USA/Canada' },
  { code: '+44', label: 'UK' },
  { code: '+61', label: 'Australia' },
  { code: '+971', label: 'UAE' },
  { code: '+86', label: 'China' },
  { code: '+49', label: 'Germany' },
] as const;
export const DEFAULT_COUNTRY_CODE = '+91';
export const PHONE_MIN_DIGITS = 8;

const KNOWN_CODES = COUNTRY_CODES.map((c) => c.code.slice(1)).sort((a, b) => b.length - a.length);

export interface NormalizedPhone {
  /** Country code and digits, e.g. '+919876543210'. */
  e164: string;
  /** The digits without the country code, e.g. '9876543210'. */
  national: string;
}

/**
 * A phone number as typed ('+91 98765 43210', '09876543210', '9876543210') to one stored
 * form. With a plus (or 00) the country code is read from the known codes; without one
 * a number of at most 10 digits is taken as national with the default code (+91), and a
 * longer one starting with a known code as international.
 */
export function normalizePhone(
  input: string,
  defaultCode: string = DEFAULT_COUNTRY_CODE,
): NormalizedPhone {
  const trimmed = input.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  const fallback = defaultCode.replace(/\D/g, '');
  if (international) {
    const code = KNOWN_CODES.find((c) => digits.startsWith(c) && digits.length - c.length >= 6);
    if (code) return { e164: `+${digits}`, national: digits.slice(code.length) };
    const national = digits.length > 10 ? digits.slice(-10) : digits;
    return { e164: `+${digits}`, national };
  }
  digits = digits.replace(/^0+/, '');
  if (digits.length > 10) {
    const code = KNOWN_CODES.find(
      (c) => digits.startsWith(c) && digits.length - c.length >= PHONE_MIN_DIGITS,
    );
    if (code) return { e164: `+${digits}`, national: digits.slice(code.length) };
  }
  return { e164: `+${fallback}${digits}`, national: digits };
}

// Spec 1 §5's phone test lives with no dependency (the landing page uses it without zod).
export { looksLikePhoneNumber } from './phone-rules';

const name = z
  .string({ error: CONTACT_MESSAGES.nameRequired })
  .trim()
  .min(1, CONTACT_MESSAGES.nameRequired);
const phone = z
  .string({ error: CONTACT_MESSAGES.phoneTooShort })
  .trim()
  .refine((value) => normalizePhone(value).national.length >= PHONE_MIN_DIGITS, {
    message: CONTACT_MESSAGES.phoneTooShort,
  });
const optionalText = z.string().trim().optional();
const optionalEmail = z
  .union([z.literal(''), z.string().trim().regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail)])
  .optional();
/** An age from a form: a JSON number (min..150), or empty (none). Never a numeric string. */
const ageFrom = (min: number, message: string) =>
  z
    .union([z.literal(''), z.null(), ageField(min, message)])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));
const leadStatus = z.enum(LEAD_STATUSES, { error: CONTACT_MESSAGES.invalidLeadStatus });
const projectType = z.enum(PROJECT_TYPES, { error: CONTACT_MESSAGES.selectProjectType });
/** A branch a form may send; for a manager it is always their own, so it is only read as text. */
const branchField = z.unknown().optional();

/**
 * The state of the contact's address (GST state code: the place of supply of what is
 * installed there) and a business customer's GSTIN (issue 19). Blank or null: none; absent
 * on an update: unchanged. Without a state, a GSTIN's first two digits give it.
 */
const taxFields = {
  stateCode: stateCodeField.optional(),
  gstin: gstinField.optional(),
};

/**
 * The language of the contact's WhatsApp updates and job-status page (issue 21). Absent: Hinglish
 * for a new contact, unchanged on an update.
 */
const preferredLanguage = updateLanguageField.optional();

const contactFields = {
  name,
  phoneNumber: phone,
  whatsappNumber: optionalText,
  email: optionalEmail,
  address: optionalText,
  age: ageFrom(1, CONTACT_MESSAGES.ageMin),
  branch: branchField,
  preferredLanguage,
  ...taxFields,
};

/** POST /api/create-Lead */
export const createLeadSchema = z.object({
  ...contactFields,
  initialRemark: z
    .object({ text: z.string().trim().optional(), status: leadStatus.optional() })
    .optional(),
  status: leadStatus.optional(),
});
export type CreateLeadInput = z.infer<typeof createLeadSchema>;

/** POST /api/update-lead (payload not shown in the spec): the lead's id and its fields. */
export const updateLeadSchema = z
  .object({
    leadId: z.string().optional(),
    _id: z.string().optional(),
    ...contactFields,
    status: leadStatus.optional(),
  })
  .refine((body) => isUuid(body.leadId ?? body._id ?? ''), {
    message: CONTACT_MESSAGES.leadNotFound,
    path: ['leadId'],
  });
export type UpdateLeadInput = z.infer<typeof updateLeadSchema>;

/** POST /api/lead-remarks/{leadId} */
export const addRemarkSchema = z.object({
  text: z
    .string({ error: CONTACT_MESSAGES.remarkRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.remarkRequired),
  status: leadStatus.optional(),
});
export type AddRemarkInput = z.infer<typeof addRemarkSchema>;

/** POST /api/lead-convert/{leadId} */
export const convertLeadSchema = z.object({
  projectType,
  initialRemark: optionalText,
  /** The customer's state and GSTIN; absent: the lead's. */
  ...taxFields,
});
export type ConvertLeadInput = z.infer<typeof convertLeadSchema>;

/** POST /api/create-customer: the lead's fields plus a project type; the remark is a string. */
export const createCustomerSchema = z.object({
  ...contactFields,
  projectType,
  initialRemark: optionalText,
  status: z.enum(ENTITY_STATUSES, { error: CONTACT_MESSAGES.invalidStatus }).optional(),
});
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

/** POST /api/update-customer/{id}: name and email required, age from 0 (spec 1 §5). */
export const updateCustomerSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.requiredFields })
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields),
  email: z
    .string({ error: CONTACT_MESSAGES.requiredFields })
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields)
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail),
  phoneNumber: phone.optional(),
  whatsappNumber: optionalText,
  address: optionalText,
  age: ageFrom(0, CONTACT_MESSAGES.ageNotNegative),
  branch: branchField,
  status: z.enum(ENTITY_STATUSES, { error: CONTACT_MESSAGES.invalidStatus }).optional(),
  preferredLanguage,
  ...taxFields,
});
export type UpdateCustomerInput = z.infer<typeof updateCustomerSchema>;

/**
 * POST /api/create-work-orders: a new installation (project type and remark) or a
 * complaint (category Repair) against one of the customer's completed projects.
 */
export const createWorkOrderSchema = z
  .object({
    customerId: z
      .string({ error: CONTACT_MESSAGES.customerNotFound })
      .refine(isUuid, CONTACT_MESSAGES.customerNotFound),
    projectType: z.string().trim().optional(),
    initialRemark: optionalText,
    projectCategory: z
      .enum(HAND_OPENED_CATEGORIES, { error: CONTACT_MESSAGES.invalidCategory })
      .optional(),
    existingProjectId: z.string().trim().optional(),
    /**
     * Where the work is done and its state (issue 19): the place of supply of what is
     * installed. Absent or blank: the customer's address and state.
     */
    siteAddress: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((value) => value || null),
    siteStateCode: stateCodeField,
  })
  .superRefine((body, ctx) => {
    if (body.projectCategory === 'Repair') {
      if (!body.existingProjectId) {
        ctx.addIssue({
          code: 'custom',
          message: CONTACT_MESSAGES.selectProject,
          path: ['existingProjectId'],
        });
      }
      if (!body.initialRemark) {
        ctx.addIssue({
          code: 'custom',
          message: CONTACT_MESSAGES.complaintDetailsRequired,
          path: ['initialRemark'],
        });
      }
    } else if (!(PROJECT_TYPES as readonly string[]).includes(body.projectType ?? '')) {
      ctx.addIssue({
        code: 'custom',
        message: CONTACT_MESSAGES.selectProjectType,
        path: ['projectType'],
      });
    }
  });
export type CreateWorkOrderInput = z.infer<typeof createWorkOrderSchema>;

/** Human-readable ids from a database sequence: WO-2026-000123, PRJ-2026-000045. */
export const formatOrderId = (year: number, n: number) =>
  `WO-${year}-${String(n).padStart(6, '0')}`;
export const formatProjectId = (year: number, n: number) =>
  `PRJ-${year}-${String(n).padStart(6, '0')}`;

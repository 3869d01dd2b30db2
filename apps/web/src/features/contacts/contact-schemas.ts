import { LEAD_STATUSES, PHONE_MIN_DIGITS } from '@karya/domain/contact-schemas';
import { UPDATE_LANGUAGES } from '@karya/domain/customer-updates';
import { validateGstin } from '@karya/domain/gst';
import { EMAIL_PATTERN } from '@karya/domain/user-schemas';
import { z } from 'zod';
import { CONTACT_MESSAGES, digitsOnly } from './contact-rules';

const ageText = (minimum: number, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= minimum), message);

const optionalEmail = z
  .string()
  .trim()
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), CONTACT_MESSAGES.invalidEmail);

/** A business customer's GSTIN (issue 19): blank for a consumer, else a valid one. */
const gstinText = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const checked = validateGstin(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  });

/** The state of the contact's address and a business customer's GSTIN. */
const taxFields = { stateCode: z.string(), gstin: gstinText };

const phoneDigits = z
  .string()
  .refine((value) => digitsOnly(value).length >= PHONE_MIN_DIGITS, CONTACT_MESSAGES.phoneTooShort);

/** Spec 1 §5 'Add lead/customer'. */
export function addContactSchema(pickBranch: boolean) {
  return z
    .object({
      contactType: z.enum(['lead', 'customer']),
      name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired),
      phoneCode: z.string(),
      phone: phoneDigits,
      email: optionalEmail,
      sameAsPhone: z.boolean(),
      whatsappCode: z.string(),
      whatsapp: z.string(),
      age: ageText(1, CONTACT_MESSAGES.ageMin),
      branch: z.string(),
      address: z.string(),
      remark: z.string(),
      remarkStatus: z.enum(LEAD_STATUSES),
      projectType: z.string(),
      preferredLanguage: z.enum(UPDATE_LANGUAGES),
      ...taxFields,
    })
    .superRefine((values, context) => {
      if (values.contactType === 'customer' && !values.projectType) {
        context.addIssue({
          code: 'custom',
          path: ['projectType'],
          message: CONTACT_MESSAGES.selectProjectType,
        });
      }
      if (pickBranch && !values.branch) {
        context.addIssue({ code: 'custom', path: ['branch'], message: 'Please select a branch' });
      }
    });
}

export type AddContactValues = z.infer<ReturnType<typeof addContactSchema>>;

/** Spec 1 §5 'Edit customer': name and email required, email checked, age at least 0. */
export const editCustomerSchema = z.object({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields)
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail),
  phoneCode: z.string(),
  phone: phoneDigits,
  whatsappCode: z.string(),
  whatsapp: z.string(),
  address: z.string(),
  age: ageText(0, CONTACT_MESSAGES.ageNotNegative),
  branch: z.string(),
  status: z.enum(['active', 'inactive']),
  preferredLanguage: z.enum(UPDATE_LANGUAGES),
  ...taxFields,
});

export type EditCustomerValues = z.infer<typeof editCustomerSchema>;

export function ageValue(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** What the API takes for a typed GSTIN and a picked state: blank is none (null). */
export function taxBodyOf(values: { stateCode: string; gstin: string }) {
  return {
    stateCode: values.stateCode || null,
    gstin: values.gstin.trim().toUpperCase() || null,
  };
}

/** The state a typed GSTIN stands for (its first two digits), when it is a valid one. */
export function stateOfGstin(gstin: string): string | null {
  const checked = validateGstin(gstin);
  return checked.ok ? checked.stateCode : null;
}

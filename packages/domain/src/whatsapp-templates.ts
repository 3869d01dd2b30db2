import { z } from 'zod';
import {
  CUSTOMER_UPDATE_EVENT_LABELS,
  CUSTOMER_UPDATE_EVENTS,
  type CustomerUpdateEvent,
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  UPDATE_PLACEHOLDERS,
  type UpdateLanguage,
  type UpdatePlaceholder,
  type UpdateValues,
} from './customer-updates';

/**
 * WhatsApp template messages (issue 40): outside the 24-hour window that a customer's own
 * message opens, Meta delivers only a template the business had approved in WhatsApp Manager,
 * sent by its name and language code with the values of its body's {{1}}…{{n}}. The admin
 * records, per update event and language, which approved template carries it and which of
 * Karya's placeholders fills each {{n}}; Karya ships a suggested wording per event, written for
 * Meta's 'utility' category (a transaction the customer is part of, no promotion).
 */

/** Meta's rule for a template's name: lowercase letters, digits and underscores, up to 512. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
/** A language code as WhatsApp Manager lists them: 'en', 'en_US', 'hi', 'pt_BR'. */
export const TEMPLATE_LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(_[A-Z]{2})?$/;
/** Meta allows many body parameters; more than ten makes no update Karya sends clearer. */
export const TEMPLATE_MAX_PARAMETERS = 10;

export const WHATSAPP_TEMPLATE_MESSAGES = {
  templateNameInvalid:
    'Template name must be the name approved in WhatsApp Manager: lowercase letters, digits and _ only (for example job_assigned)',
  languageCodeInvalid:
    'Language code must be the one the template was approved under, like en, en_US or hi',
  parameterUnknown: `Each {{n}} must be filled from one of: ${UPDATE_PLACEHOLDERS.join(', ')}`,
  tooManyParameters: `A template may have at most ${TEMPLATE_MAX_PARAMETERS} parameters here`,
  bodyTooLong: 'The approved wording must be at most 1024 characters, as WhatsApp allows',
  parametersMismatch: (count: number) =>
    `The approved wording has {{1}} to {{${count}}}: choose what fills each of them, no more`,
  eventInvalid: `Event must be one of: ${CUSTOMER_UPDATE_EVENTS.join(', ')}`,
  enabledInvalid: 'enabled must be true or false',
  templateSaved: 'WhatsApp template saved',
  autoSendSaved: (event: CustomerUpdateEvent, enabled: boolean) =>
    `${CUSTOMER_UPDATE_EVENT_LABELS[event]}: ${enabled ? 'sent automatically' : 'sent only when someone taps Send'}`,
  noTemplate: (event: CustomerUpdateEvent, language: UpdateLanguage) =>
    `WhatsApp update not sent: no approved template for ${event} (${UPDATE_LANGUAGE_LABELS[language]})`,
  notSent: (event: CustomerUpdateEvent, language: UpdateLanguage, reason: string) =>
    `WhatsApp update not sent: ${CUSTOMER_UPDATE_EVENT_LABELS[event]} (${UPDATE_LANGUAGE_LABELS[language]}): ${reason}`,
  windowClosed:
    'No approved WhatsApp template is set for this update, and the customer has not written in the last 24 hours: send it from your own WhatsApp',
} as const;

/**
 * Sent at the event unless the admin says otherwise (issue 40): the steps a customer waits to
 * hear of. Reminders stay one tap (a person decides when to chase money or a renewal); the
 * job's own moves on site (on the way, started, paused) are the technician's to tell, one
 * tap from the phone, and 'created' is usually said in person at the desk.
 */
export const AUTO_SEND_DEFAULTS: Record<CustomerUpdateEvent, boolean> = {
  workOrderCreated: false,
  technicianAssigned: true,
  visitRescheduled: true,
  technicianOnTheWay: false,
  workStarted: false,
  workPaused: false,
  workCompleted: true,
  paymentReceived: true,
  dueReminder: false,
  amcRenewalReminder: false,
  // Issue 35: the desk tapped Send on the quote: the customer expects it now.
  quotationSent: true,
};

/** A suggested template: its wording with {{1}}…{{n}} and what fills each, in order. */
export interface SuggestedTemplate {
  name: string;
  body: string;
  parameters: UpdatePlaceholder[];
}

/**
 * The wording Karya suggests, per event and language, to paste into WhatsApp Manager. Every
 * line names the customer's own order (Meta's 'utility' test: it is about a transaction they
 * started), and every value is a parameter: a template's fixed text cannot change per order.
 * No line is left out as Karya's own wording does, so each value must exist when it is sent:
 * hence no {due} or {technicianPhone} lines, which an order may lack.
 */
export const SUGGESTED_TEMPLATES: Record<
  CustomerUpdateEvent,
  Record<UpdateLanguage, SuggestedTemplate>
> = {
  workOrderCreated: {
    en: {
      name: 'job_booked',
      body: 'Dear {{1}}, your {{2}} request is booked with {{3}}, order {{4}}. Track it here: {{5}}',
      parameters: ['customerName', 'projectType', 'branchName', 'orderId', 'statusLink'],
    },
    hinglish: {
      name: 'job_booked_hinglish',
      body: 'Namaste {{1}} ji, aapki {{2}} request {{3}} mein book ho gayi hai, order {{4}}. Status yahan dekhein: {{5}}',
      parameters: ['customerName', 'projectType', 'branchName', 'orderId', 'statusLink'],
    },
  },
  technicianAssigned: {
    en: {
      name: 'technician_assigned',
      body: 'Dear {{1}}, {{2}} will look after your {{3}} (order {{4}}). Track it here: {{5}}',
      parameters: ['customerName', 'technicianName', 'projectType', 'orderId', 'statusLink'],
    },
    hinglish: {
      name: 'technician_assigned_hinglish',
      body: 'Namaste {{1}} ji, aapke {{2}} (order {{3}}) ke liye {{4}} aayenge. Status yahan dekhein: {{5}}',
      parameters: ['customerName', 'projectType', 'orderId', 'technicianName', 'statusLink'],
    },
  },
  visitRescheduled: {
    en: {
      name: 'visit_rescheduled',
      body: 'Dear {{1}}, the visit for your order {{2}} has a new time: {{3}}. Track it here: {{4}}',
      parameters: ['customerName', 'orderId', 'visit', 'statusLink'],
    },
    hinglish: {
      name: 'visit_rescheduled_hinglish',
      body: 'Namaste {{1}} ji, aapke order {{2}} ki visit ka naya samay: {{3}}. Status yahan dekhein: {{4}}',
      parameters: ['customerName', 'orderId', 'visit', 'statusLink'],
    },
  },
  technicianOnTheWay: {
    en: {
      name: 'technician_on_the_way',
      body: 'Dear {{1}}, {{2}} is on the way for your order {{3}}.',
      parameters: ['customerName', 'technicianName', 'orderId'],
    },
    hinglish: {
      name: 'technician_on_the_way_hinglish',
      body: 'Namaste {{1}} ji, {{2}} aapke order {{3}} ke liye nikal chuke hain.',
      parameters: ['customerName', 'technicianName', 'orderId'],
    },
  },
  workStarted: {
    en: {
      name: 'work_started',
      body: 'Dear {{1}}, work on your order {{2}} has started. Track it here: {{3}}',
      parameters: ['customerName', 'orderId', 'statusLink'],
    },
    hinglish: {
      name: 'work_started_hinglish',
      body: 'Namaste {{1}} ji, aapke order {{2}} ka kaam shuru ho gaya hai. Status yahan dekhein: {{3}}',
      parameters: ['customerName', 'orderId', 'statusLink'],
    },
  },
  workPaused: {
    en: {
      name: 'work_paused',
      body: 'Dear {{1}}, work on your order {{2}} is paused: {{3}}. We will tell you when it starts again.',
      parameters: ['customerName', 'orderId', 'reason'],
    },
    hinglish: {
      name: 'work_paused_hinglish',
      body: 'Namaste {{1}} ji, aapke order {{2}} ka kaam abhi ruka hai: {{3}}. Kaam dobara shuru hone par hum batayenge.',
      parameters: ['customerName', 'orderId', 'reason'],
    },
  },
  workCompleted: {
    en: {
      name: 'job_completed_invoice',
      body: 'Dear {{1}}, your order {{2}} is complete. Invoice amount {{3}}. See the invoice here: {{4}}',
      parameters: ['customerName', 'orderId', 'amount', 'invoiceLink'],
    },
    hinglish: {
      name: 'job_completed_invoice_hinglish',
      body: 'Namaste {{1}} ji, aapke order {{2}} ka kaam poora ho gaya. Invoice amount {{3}}. Invoice yahan dekhein: {{4}}',
      parameters: ['customerName', 'orderId', 'amount', 'invoiceLink'],
    },
  },
  paymentReceived: {
    en: {
      name: 'payment_received',
      body: 'Dear {{1}}, we have received {{2}} for order {{3}}. Your invoice: {{4}}',
      parameters: ['customerName', 'amount', 'orderId', 'invoiceLink'],
    },
    hinglish: {
      name: 'payment_received_hinglish',
      body: 'Namaste {{1}} ji, order {{3}} ke liye {{2}} mil gaye. Aapka invoice: {{4}}',
      parameters: ['customerName', 'amount', 'orderId', 'invoiceLink'],
    },
  },
  dueReminder: {
    en: {
      name: 'payment_due_reminder',
      body: 'Dear {{1}}, {{2}} is due on order {{3}} from {{4}}. See the invoice and pay by UPI here: {{5}}',
      parameters: ['customerName', 'due', 'orderId', 'branchName', 'statusLink'],
    },
    hinglish: {
      name: 'payment_due_reminder_hinglish',
      body: 'Namaste {{1}} ji, {{4}} ke order {{3}} ka {{2}} baaki hai. Invoice dekhein aur UPI se pay karein: {{5}}',
      parameters: ['customerName', 'due', 'orderId', 'branchName', 'statusLink'],
    },
  },
  amcRenewalReminder: {
    en: {
      name: 'amc_renewal_reminder',
      body: 'Dear {{1}}, your maintenance contract {{2}} with {{3}} ends on {{4}}. Reply to this message to renew it.',
      parameters: ['customerName', 'contractNumber', 'branchName', 'endDate'],
    },
    hinglish: {
      name: 'amc_renewal_reminder_hinglish',
      body: 'Namaste {{1}} ji, {{3}} ke saath aapka maintenance contract {{2}} {{4}} ko khatam ho raha hai. Renew karne ke liye is message ka jawab dein.',
      parameters: ['customerName', 'contractNumber', 'branchName', 'endDate'],
    },
  },
  quotationSent: {
    en: {
      name: 'quotation_sent',
      body: 'Dear {{1}}, here is your quotation {{2}} for {{3}}, valid until {{4}}. See it and reply here: {{5}}',
      parameters: ['customerName', 'quotationNumber', 'amount', 'validUntil', 'quoteLink'],
    },
    hinglish: {
      name: 'quotation_sent_hinglish',
      body: 'Namaste {{1}} ji, aapka quotation {{2}} {{3}} ka hai, {{4}} tak valid. Yahan dekhein aur jawab dein: {{5}}',
      parameters: ['customerName', 'quotationNumber', 'amount', 'validUntil', 'quoteLink'],
    },
  },
};

/** Example values for previews, as an order of a Pune installer would fill them. */
export const EXAMPLE_VALUES: Record<UpdatePlaceholder, string> = {
  customerName: 'Meera Joshi',
  orderId: 'WO-2026-000123',
  projectType: 'CCTV Camera',
  technicianName: 'Suresh Patil',
  technicianPhone: '+91 98220 12345',
  branchName: 'Kothrud',
  branchPhone: '+91 20 2543 0000',
  amount: '₹12,400.00',
  due: '₹2,400.00',
  reason: 'Waiting for a part',
  statusLink: 'https://karya.example.in/s/Ab3dE',
  invoiceLink: 'https://karya.example.in/s/Ab3dE',
  upiLink: 'https://karya.example.in/s/Ab3dE',
  contractNumber: 'AMC-2026-0042',
  endDate: '12 Dec 2026',
  visit: 'Tue 2 Dec, 10:00 to 12:00',
  quotationNumber: 'KTH/QT/2026-27/0007',
  validUntil: '12 Dec 2026',
  quoteLink: 'https://karya.example.in/q/Xy7kQ',
};

/** The body parameters of a template send: each mapped placeholder's value, '-' when missing. */
export function templateParameters(
  parameters: readonly UpdatePlaceholder[],
  values: UpdateValues,
): string[] {
  // Meta refuses an empty parameter; a dash reads as 'none' and keeps the message deliverable.
  return parameters.map((name) => values[name]?.trim() || '-');
}

/** The highest {{n}} a template's wording names: how many body parameters it takes. */
export function highestParameter(body: string): number {
  return Math.max(0, ...Array.from(body.matchAll(/\{\{(\d+)\}\}/g), (m) => Number(m[1])));
}

/** A template body with its {{n}} filled, as the customer will read it. */
export function fillNumbered(body: string, texts: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => texts[Number(n) - 1] ?? whole);
}

export const templateNameField = z
  .string({ error: WHATSAPP_TEMPLATE_MESSAGES.templateNameInvalid })
  .trim()
  .regex(TEMPLATE_NAME_PATTERN, WHATSAPP_TEMPLATE_MESSAGES.templateNameInvalid);

/** PUT /api/whatsapp-templates: one event and language's approved template and its mapping. */
export const whatsappTemplateInput = z
  .object({
    event: z.enum(CUSTOMER_UPDATE_EVENTS, { error: WHATSAPP_TEMPLATE_MESSAGES.eventInvalid }),
    language: z.enum(UPDATE_LANGUAGES, {
      error: "Update language must be 'hinglish' (Hinglish) or 'en' (English)",
    }),
    templateName: templateNameField,
    languageCode: z
      .string({ error: WHATSAPP_TEMPLATE_MESSAGES.languageCodeInvalid })
      .trim()
      .regex(TEMPLATE_LANGUAGE_CODE_PATTERN, WHATSAPP_TEMPLATE_MESSAGES.languageCodeInvalid),
    parameters: z
      .array(z.enum(UPDATE_PLACEHOLDERS, { error: WHATSAPP_TEMPLATE_MESSAGES.parameterUnknown }), {
        error: WHATSAPP_TEMPLATE_MESSAGES.parameterUnknown,
      })
      .max(TEMPLATE_MAX_PARAMETERS, WHATSAPP_TEMPLATE_MESSAGES.tooManyParameters),
    /** The approved wording with {{1}}…{{n}}, for the preview; absent: Karya's suggestion. */
    body: z.string().trim().max(1024, WHATSAPP_TEMPLATE_MESSAGES.bodyTooLong).optional(),
  })
  .superRefine((input, context) => {
    if (!input.body) return;
    const count = highestParameter(input.body);
    if (count !== input.parameters.length)
      context.addIssue({
        code: 'custom',
        path: ['parameters'],
        message: WHATSAPP_TEMPLATE_MESSAGES.parametersMismatch(count),
      });
  });
export type WhatsappTemplateInput = z.infer<typeof whatsappTemplateInput>;

/** PUT /api/whatsapp-auto-send. */
export const whatsappAutoSendInput = z.object({
  event: z.enum(CUSTOMER_UPDATE_EVENTS, { error: WHATSAPP_TEMPLATE_MESSAGES.eventInvalid }),
  enabled: z.boolean({ error: WHATSAPP_TEMPLATE_MESSAGES.enabledInvalid }),
});
export type WhatsappAutoSendInput = z.infer<typeof whatsappAutoSendInput>;

/** GET /api/whatsapp-templates: one row per event and language. */
export const whatsappTemplateSchema = z.object({
  event: z.enum(CUSTOMER_UPDATE_EVENTS),
  language: z.enum(UPDATE_LANGUAGES),
  /** The approved template's name and language code; null until the admin records one. */
  templateName: z.string().nullable(),
  languageCode: z.string().nullable(),
  parameters: z.array(z.enum(UPDATE_PLACEHOLDERS)),
  /** The approved wording the admin pasted, or null: the preview reads the suggestion. */
  body: z.string().nullable(),
  /** Whether the event is sent at the moment it happens (per event, both languages). */
  autoSend: z.boolean(),
  suggested: z.object({
    name: z.string(),
    body: z.string(),
    parameters: z.array(z.enum(UPDATE_PLACEHOLDERS)),
  }),
  /** The wording (the admin's, else the suggestion) filled with example values. */
  preview: z.string(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

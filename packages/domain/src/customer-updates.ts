import { z } from 'zod';
import type { WorkOrderStatus } from './contact-schemas';
import { formatRupees, toPaise } from './money';
import { type Visit, visitText } from './schedule';
import { UPDATE_LANGUAGE_LABELS, UPDATE_LANGUAGES, type UpdateLanguage } from './update-languages';

/**
 * What the customer is told at each step of a job (issue 21): one template per event and
 * language, which admins may edit; the defaults below ship with Karya. A template names the
 * values it needs as {placeholders}; filling it is the same on the phone, the desk and the
 * server (the WhatsApp Cloud API adapter), so a customer reads the same words whoever sends.
 */

export const CUSTOMER_UPDATE_EVENTS = [
  'workOrderCreated',
  'technicianAssigned',
  'visitRescheduled',
  'technicianOnTheWay',
  'workStarted',
  'workPaused',
  'workCompleted',
  'paymentReceived',
  'dueReminder',
  'amcRenewalReminder',
  'quotationSent',
] as const;
export type CustomerUpdateEvent = (typeof CUSTOMER_UPDATE_EVENTS)[number];

export const CUSTOMER_UPDATE_EVENT_LABELS: Record<CustomerUpdateEvent, string> = {
  workOrderCreated: 'Work order created',
  technicianAssigned: 'Technician assigned',
  visitRescheduled: 'Visit rescheduled',
  technicianOnTheWay: 'Technician on the way',
  workStarted: 'Work started',
  workPaused: 'Work paused',
  workCompleted: 'Work completed and invoice',
  paymentReceived: 'Payment received',
  dueReminder: 'Due reminder',
  amcRenewalReminder: 'Maintenance contract renewal',
  quotationSent: 'Quotation sent',
};

export {
  DEFAULT_UPDATE_LANGUAGE,
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  type UpdateLanguage,
} from './update-languages';

export const INVALID_UPDATE_LANGUAGE =
  "Update language must be 'hinglish' (Hinglish) or 'en' (English)";

/** A contact's preferred language as a form or client sends it (issue 21). */
export const updateLanguageField = z.enum(UPDATE_LANGUAGES, { error: INVALID_UPDATE_LANGUAGE });

export const UPDATE_PLACEHOLDERS = [
  'customerName',
  'orderId',
  'projectType',
  'technicianName',
  'technicianPhone',
  'branchName',
  'branchPhone',
  'amount',
  'due',
  'reason',
  'statusLink',
  'invoiceLink',
  'upiLink',
  'contractNumber',
  'endDate',
  'visit',
  // Issue 35: a quotation sent to the customer, its number, when it ends and its page.
  'quotationNumber',
  'validUntil',
  'quoteLink',
] as const;
export type UpdatePlaceholder = (typeof UPDATE_PLACEHOLDERS)[number];

/** The values a template is filled with; a missing one is null, undefined or blank. */
export type UpdateValues = Partial<Record<UpdatePlaceholder, string | null>>;

/** How a customer without a name is greeted, so no message opens 'Dear ,'. */
const NAMELESS: Record<UpdateLanguage, string> = { en: 'Customer', hinglish: 'Grahak' };

export const DEFAULT_UPDATE_TEMPLATES: Record<
  CustomerUpdateEvent,
  Record<UpdateLanguage, string>
> = {
  workOrderCreated: {
    en: 'Dear {customerName}, your {projectType} request is booked with {branchName}, order {orderId}.\nTrack it here: {statusLink}\nFor help call {branchPhone}.',
    hinglish:
      'Namaste {customerName} ji, aapki {projectType} request {branchName} mein book ho gayi hai, order {orderId}.\nStatus yahan dekhein: {statusLink}\nMadad ke liye call karein: {branchPhone}',
  },
  technicianAssigned: {
    en: 'Dear {customerName}, {technicianName} will look after your {projectType} (order {orderId}).\nVisit: {visit}\nTechnician’s phone: {technicianPhone}\nTrack it here: {statusLink}',
    hinglish:
      'Namaste {customerName} ji, aapke {projectType} (order {orderId}) ke liye {technicianName} aayenge.\nAane ka samay: {visit}\nTechnician ka phone: {technicianPhone}\nStatus yahan dekhein: {statusLink}',
  },
  // Issue 34: the board moved a visit the customer had been told of.
  visitRescheduled: {
    en: 'Dear {customerName}, the visit for your {projectType} (order {orderId}) has a new time.\nNew time: {visit}\nTechnician: {technicianName}\nTechnician’s phone: {technicianPhone}\nTrack it here: {statusLink}',
    hinglish:
      'Namaste {customerName} ji, aapke {projectType} (order {orderId}) ki visit ka samay badal gaya hai.\nNaya samay: {visit}\nTechnician: {technicianName}\nTechnician ka phone: {technicianPhone}\nStatus yahan dekhein: {statusLink}',
  },
  technicianOnTheWay: {
    en: 'Dear {customerName}, {technicianName} is on the way for your {projectType} (order {orderId}).\nPhone: {technicianPhone}',
    hinglish:
      'Namaste {customerName} ji, {technicianName} aapke {projectType} (order {orderId}) ke liye nikal chuke hain.\nPhone: {technicianPhone}',
  },
  workStarted: {
    en: 'Dear {customerName}, work on your {projectType} (order {orderId}) has started.\nTrack it here: {statusLink}',
    hinglish:
      'Namaste {customerName} ji, aapke {projectType} (order {orderId}) ka kaam shuru ho gaya hai.\nStatus yahan dekhein: {statusLink}',
  },
  workPaused: {
    en: 'Dear {customerName}, work on your {projectType} (order {orderId}) is paused.\nReason: {reason}\nWe will tell you when it starts again. For help call {branchPhone}.',
    hinglish:
      'Namaste {customerName} ji, aapke {projectType} (order {orderId}) ka kaam abhi ruka hai.\nKaaran: {reason}\nKaam dobara shuru hone par hum batayenge. Madad ke liye call karein: {branchPhone}',
  },
  workCompleted: {
    en: 'Dear {customerName}, your {projectType} (order {orderId}) is complete. Thank you!\nInvoice: {invoiceLink}\nAmount: {amount}\nStill due: {due}\nFor help call {branchPhone}.',
    hinglish:
      'Namaste {customerName} ji, aapke {projectType} (order {orderId}) ka kaam poora ho gaya. Dhanyavaad!\nInvoice: {invoiceLink}\nAmount: {amount}\nBaaki: {due}\nMadad ke liye call karein: {branchPhone}',
  },
  paymentReceived: {
    en: 'Dear {customerName}, we have received {amount} for order {orderId}. Thank you!\nStill due: {due}\nInvoice: {invoiceLink}',
    hinglish:
      'Namaste {customerName} ji, order {orderId} ke liye {amount} mil gaye. Dhanyavaad!\nAbhi baaki: {due}\nInvoice: {invoiceLink}',
  },
  // Issue 39 item 11: the status link, whose 'Pay by UPI' button opens the UPI app for the
  // invoice's due; WhatsApp makes an https link tappable and a upi:// one not.
  dueReminder: {
    en: 'Dear {customerName}, {due} is due on order {orderId} from {branchName}.\nSee the invoice and pay by UPI here: {statusLink}\nFor help call {branchPhone}.\nThank you.',
    hinglish:
      'Namaste {customerName} ji, {branchName} ke order {orderId} ka {due} baaki hai.\nInvoice dekhein aur UPI se pay karein: {statusLink}\nMadad ke liye call karein: {branchPhone}\nDhanyavaad.',
  },
  // Issue 23: a maintenance contract ending within 30 days; {orderId} is the installation's.
  amcRenewalReminder: {
    en: 'Dear {customerName}, your maintenance contract {contractNumber} with {branchName} ends on {endDate}.\nIt covers your {projectType}, order {orderId}.\nRenew it for another term at {amount} to keep your regular service visits: reply to this message.\nFor help call {branchPhone}.',
    hinglish:
      'Namaste {customerName} ji, {branchName} ke saath aapka maintenance contract {contractNumber} {endDate} ko khatam ho raha hai.\nIsmein aapka {projectType}, order {orderId} shaamil hai.\nRegular service visits jaari rakhne ke liye {amount} mein renew karein: is message ka jawab dein.\nMadad ke liye call karein: {branchPhone}',
  },
  // Issue 35: a quotation sent; its page shows the lines, and takes the customer's answer.
  quotationSent: {
    en: 'Dear {customerName}, here is your quotation {quotationNumber} for {amount}, valid until {validUntil}.\nSee it and reply here: {quoteLink}',
    hinglish:
      'Namaste {customerName} ji, aapka quotation {quotationNumber} {amount} ka hai, {validUntil} tak valid.\nYahan dekhein aur jawab dein: {quoteLink}',
  },
};

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;
const KNOWN = new Set<string>(UPDATE_PLACEHOLDERS);

/** The {names} in a template that are not placeholders Karya fills, in order, once each. */
export function unknownPlaceholders(template: string): string[] {
  const names = Array.from(template.matchAll(PLACEHOLDER), (match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !KNOWN.has(name)))];
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * The message a customer reads. A line that needs a value Karya does not have (no technician
 * phone, nothing due, no invoice yet) is left out whole, so no customer reads 'Phone: ' or
 * 'Still due: '. A nameless customer is greeted as 'Customer' ('Grahak'). An unknown
 * {name} stays as typed: saving a template refuses one, so only an old template can hold it.
 */
export function fillTemplate(
  template: string,
  values: UpdateValues,
  language: UpdateLanguage,
): string {
  const filled: UpdateValues = {
    ...values,
    customerName: present(values.customerName) ? values.customerName : NAMELESS[language],
  };
  const lines: string[] = [];
  for (const line of template.split('\n')) {
    let missing = false;
    const text = line.replace(PLACEHOLDER, (whole, name: string) => {
      if (!KNOWN.has(name)) return whole;
      const value = filled[name as UpdatePlaceholder];
      if (!present(value)) {
        missing = true;
        return '';
      }
      return value.trim();
    });
    if (!missing) lines.push(text);
  }
  return lines.join('\n').trim();
}

/**
 * What an order's invoices come to, in rupees, as the server reads them (issue 39 item 10):
 * what fills {amount} and {due}.
 */
export interface UpdateMoney {
  /** The order's issued bills and invoices together; a cancelled invoice counts nothing. */
  billed: number;
  /** What is still owed on them. */
  due: number;
  /** The last payment received on the order (the receipt's amount); null before any. */
  lastPayment: number | null;
}

/** What an update is filled from: an order as the work-order screens and the server read it. */
export interface UpdateOrder {
  orderId: string;
  projectType: string;
  customerName: string;
  branchName: string;
  technician: { firstName: string; lastName: string; phoneNumber?: string | null } | null;
  pauseReason?: string | null;
  /** The branch's phone, for 'For help call …'. */
  branchPhone?: string | null;
  /** The order's money; absent where the screen has not read it. */
  money?: UpdateMoney | null;
  /** The visit booked and not yet started (issue 34); absent or null: none. */
  visit?: Visit | null;
}

/** '₹12,400.00', as every screen and the invoice print money. */
const moneyText = (rupees: number) => formatRupees(toPaise(rupees));

/**
 * The placeholder values of an update about an order: the one function the phone, the desk and
 * the server fill every template with (issue 39 item 10). {amount} is what the event is about:
 * the payment received for 'Payment received', else what the order was billed; {due} is what
 * is still owed, left out (with its line) when nothing is. {upiLink}, which old due reminders
 * name, is the status link too: its 'Pay by UPI' button opens the UPI app for the due, and
 * WhatsApp makes an https link tappable where it leaves a upi:// one as plain text (item 11).
 */
export function updateValuesOf(
  order: UpdateOrder,
  statusLink: string | null,
  event?: CustomerUpdateEvent,
): UpdateValues {
  const technician = order.technician;
  const money = order.money ?? null;
  const amount = money ? (event === 'paymentReceived' ? money.lastPayment : money.billed) : null;
  return {
    customerName: order.customerName,
    orderId: order.orderId,
    projectType: order.projectType,
    branchName: order.branchName,
    branchPhone: order.branchPhone ?? null,
    technicianName: technician ? `${technician.firstName} ${technician.lastName}`.trim() : null,
    technicianPhone: technician?.phoneNumber ?? null,
    reason: order.pauseReason ?? null,
    amount: amount !== null && amount > 0 ? moneyText(amount) : null,
    due: money && money.due > 0 ? moneyText(money.due) : null,
    statusLink,
    // The status page shows the order's invoices with their download: the customer's invoice link.
    invoiceLink: statusLink,
    upiLink: statusLink,
    visit: order.visit ? visitText(order.visit) : null,
  };
}

/**
 * GET /api/customer-update-facts?orderId=: what the server knows of an order for its updates,
 * which the screens fill a template from with updateValuesOf, as the server does when it sends.
 */
export const customerUpdateFactsSchema = z.object({
  orderId: z.string(),
  projectType: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerWhatsapp: z.string(),
  customerLanguage: z.enum(UPDATE_LANGUAGES),
  branchName: z.string(),
  branchPhone: z.string().nullable(),
  technician: z
    .object({ firstName: z.string(), lastName: z.string(), phoneNumber: z.string().nullable() })
    .nullable(),
  pauseReason: z.string().nullable(),
  money: z.object({ billed: z.number(), due: z.number(), lastPayment: z.number().nullable() }),
  /** The visit booked and not yet started (issue 34). */
  visit: z
    .object({
      start: z.string(),
      end: z.string(),
      window: z.object({ start: z.string(), end: z.string() }).nullable(),
    })
    .nullable(),
});
export type CustomerUpdateFacts = z.infer<typeof customerUpdateFactsSchema>;

/** The wording of an event in a language: the admin's where there is one, else the default. */
export function templateBodyOf(
  templates: readonly { event: string; language: string; body: string }[],
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
): string {
  return (
    templates.find((entry) => entry.event === event && entry.language === language)?.body ??
    DEFAULT_UPDATE_TEMPLATES[event][language]
  );
}

export const UPDATE_TEMPLATE_MAX_LENGTH = 1000;

export const UPDATE_TEMPLATE_MESSAGES = {
  bodyRequired: 'Message is required',
  bodyTooLong: `Message must be at most ${UPDATE_TEMPLATE_MAX_LENGTH} characters`,
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}: use ${UPDATE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
} as const;

/** An admin's edit of one template (PUT …/customer-update-templates). */
export const updateTemplateInput = z.object({
  event: z.enum(CUSTOMER_UPDATE_EVENTS),
  language: z.enum(UPDATE_LANGUAGES),
  body: z
    .string()
    .trim()
    .min(1, UPDATE_TEMPLATE_MESSAGES.bodyRequired)
    .max(UPDATE_TEMPLATE_MAX_LENGTH, UPDATE_TEMPLATE_MESSAGES.bodyTooLong)
    .superRefine((body, context) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0)
        context.addIssue({
          code: 'custom',
          message: UPDATE_TEMPLATE_MESSAGES.unknownPlaceholder(unknown),
        });
    }),
});
export type UpdateTemplateInput = z.infer<typeof updateTemplateInput>;

export const CUSTOMER_UPDATE_MESSAGES = {
  templateSaved: 'Message saved',
  templateReset: 'Message set back to the default',
  updateRecorded: 'Update recorded in the order’s history',
  updateSent: 'Update sent on WhatsApp',
  notConfigured:
    'Karya is not set up to send WhatsApp messages itself: send the update from your own WhatsApp',
  webhookRefused: 'Webhook verification failed',
  webhookTooMany: 'Too many webhook requests from this address: try again later',
} as const;

/** GET /api/customer-update-templates: every event in both languages, the admin's or the default. */
export const customerUpdateTemplateSchema = z.object({
  event: z.enum(CUSTOMER_UPDATE_EVENTS),
  language: z.enum(UPDATE_LANGUAGES),
  body: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CustomerUpdateTemplate = z.infer<typeof customerUpdateTemplateSchema>;

/** DELETE …/customer-update-templates: back to the default. */
export const templateKeyInput = z.object({
  event: z.enum(CUSTOMER_UPDATE_EVENTS),
  language: z.enum(UPDATE_LANGUAGES),
});

/**
 * POST /api/record-customer-update and /api/send-customer-update: which update about which
 * order. No language: the customer's preferred one.
 */
export const recordCustomerUpdateInput = z.object({
  orderId: z.string().trim().min(1, 'Invalid project data'),
  event: z.enum(CUSTOMER_UPDATE_EVENTS),
  language: updateLanguageField.optional(),
});
export type RecordCustomerUpdateInput = z.infer<typeof recordCustomerUpdateInput>;

/** How every history entry of a sent update of this event begins, whatever its language. */
export const communicationRemarkPrefix = (event: CustomerUpdateEvent) =>
  `WhatsApp update sent: ${CUSTOMER_UPDATE_EVENT_LABELS[event]} (`;

/** The history entry of a sent update: which message, in which language, by WhatsApp. */
export const communicationRemark = (event: CustomerUpdateEvent, language: UpdateLanguage) =>
  `${communicationRemarkPrefix(event)}${UPDATE_LANGUAGE_LABELS[language]})`;

/** The update an order's status calls for, where one does: what the desk offers to send. */
export const UPDATE_EVENT_OF_STATUS: Partial<Record<WorkOrderStatus, CustomerUpdateEvent>> = {
  pending: 'workOrderCreated',
  assigned: 'technicianAssigned',
  rejected: 'technicianAssigned',
  'in-progress': 'workStarted',
  paused: 'workPaused',
  // Done on site and waiting for the manager's approval: the customer's job is finished.
  'pending-approval': 'workCompleted',
  completed: 'workCompleted',
};

import { z } from 'zod';
import { BILL_PAYMENT_STATUSES } from './bill-schemas';
import { WORK_ORDER_STATUSES } from './contact-schemas';
import { UPDATE_LANGUAGES } from './customer-updates';
import { PROJECT_CATEGORIES } from './project-categories';

/**
 * The customer's job-status page (issue 21): a link with an unguessable token, no login. It
 * shows one order and nothing else: the job, its steps, the technician, the invoices with
 * what is due and a UPI link for it, the units installed with their warranty, and a form to
 * raise a complaint on a completed installation.
 */

/** Days after completion a link keeps working. */
export const STATUS_LINK_DAYS_AFTER_COMPLETION = 90;

/** 'https://…/s/<token>': short, since it goes into a WhatsApp message. */
export const statusLinkPath = (token: string) => `/s/${token}`;

/** A token is 32 base64url characters (192 bits); anything else is refused before a lookup. */
export const STATUS_LINK_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const JOB_STATUS_MESSAGES = {
  notFound: 'This link does not work any more. Please ask the shop for a new one.',
  complaintRaised: 'Your complaint is registered. The shop will call you soon.',
  phoneMismatch:
    'This is not the phone number the shop has for this job. Enter the number you gave the shop.',
  phoneRequired: 'Please enter your phone number',
  descriptionRequired: 'Please describe the problem',
  descriptionTooLong: 'Please keep the description under 1000 characters',
  notComplainable: 'A complaint can be raised once the installation is complete',
  tooMany: 'Too many requests from this network. Please try again in a few minutes.',
  orderRequired: 'Invalid project data',
  linkCreated: 'Status link ready',
  linkRevoked: 'Status link revoked: the customer’s old link no longer opens',
} as const;

export const jobStatusInvoiceSchema = z.object({
  /** The bill's id: its copy is GET /api/job-status/:token/invoices/:id. */
  id: z.string(),
  /** The invoice number once issued, else the bill's number. */
  number: z.string(),
  /** 'YYYY-MM-DD' (India). */
  date: z.string(),
  total: z.number(),
  paidAmount: z.number(),
  dueAmount: z.number(),
  paymentStatus: z.enum(BILL_PAYMENT_STATUSES),
  /** upi://pay for exactly the due; null when nothing is due or the shop has no UPI. */
  dueUpiLink: z.string().nullable(),
  cancelled: z.boolean(),
});
export type JobStatusInvoice = z.infer<typeof jobStatusInvoiceSchema>;

export const jobStatusUnitSchema = z.object({
  productName: z.string(),
  serialNumber: z.string(),
  installationDate: z.string().nullable(),
  /** The last day of warranty, 'YYYY-MM-DD'; null: no warranty on the item. */
  expiryDate: z.string().nullable(),
  underWarranty: z.boolean(),
});
export type JobStatusUnit = z.infer<typeof jobStatusUnitSchema>;

export const jobStatusSchema = z.object({
  orderId: z.string(),
  projectType: z.string(),
  projectCategory: z.enum(PROJECT_CATEGORIES),
  status: z.enum(WORK_ORDER_STATUSES),
  customerName: z.string(),
  /** The customer's preferred language: the page opens in it (issue 21). */
  language: z.enum(UPDATE_LANGUAGES),
  /**
   * The business as its invoices print it (issue 39 item 12): the trade name (the legal name
   * when there is none; empty before the profile is filled in) and the logo as a data: URL.
   */
  business: z.object({ name: z.string(), logo: z.string().nullable() }),
  branch: z.object({ name: z.string(), phone: z.string() }),
  technician: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /**
   * The visit the shop booked (issue 34): its start and end and the arrival window the
   * customer is told ('HH:MM', India time); null until scheduled and once the work started.
   */
  visit: z
    .object({
      start: z.string(),
      end: z.string(),
      window: z.object({ start: z.string(), end: z.string() }).nullable(),
    })
    .nullable(),
  /** An AMC visit's order before it has a time: the day the visit is due, 'YYYY-MM-DD'. */
  visitDue: z.string().nullable(),
  /** The order's steps, oldest first: what changed and when (no remarks, no staff names). */
  timeline: z.array(z.object({ status: z.enum(WORK_ORDER_STATUSES), at: z.string() })),
  invoices: z.array(jobStatusInvoiceSchema),
  units: z.array(jobStatusUnitSchema),
  canRaiseComplaint: z.boolean(),
  /** When the link stops working; null while the job is open. */
  expiresAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const jobComplaintInput = z.object({
  description: z
    .string(JOB_STATUS_MESSAGES.descriptionRequired)
    .trim()
    .min(1, JOB_STATUS_MESSAGES.descriptionRequired)
    .max(1000, JOB_STATUS_MESSAGES.descriptionTooLong),
  phone: z
    .string(JOB_STATUS_MESSAGES.phoneRequired)
    .trim()
    .min(1, JOB_STATUS_MESSAGES.phoneRequired)
    .max(20, JOB_STATUS_MESSAGES.phoneMismatch),
});
export type JobComplaintInput = z.infer<typeof jobComplaintInput>;

export const jobComplaintAnswerSchema = z.object({ orderId: z.string() });

/** What the desk or the technician gets: the link to send. */
export const statusLinkSchema = z.object({
  orderId: z.string(),
  token: z.string(),
  path: z.string(),
  expiresAt: z.string().nullable(),
});
export type StatusLink = z.infer<typeof statusLinkSchema>;

/**
 * Whether a phone typed on the page is the customer's: the last ten digits of either the
 * phone or the WhatsApp number, so '+91 98765-43210', '098765 43210' and '9876543210' agree.
 */
export function samePhone(typed: string, ...known: (string | null | undefined)[]): boolean {
  const lastTen = (text: string) => text.replace(/\D/g, '').slice(-10);
  const mine = lastTen(typed);
  return mine.length === 10 && known.some((phone) => phone && lastTen(phone) === mine);
}

/** POST /api/work-order-status-link and its revoke: the order, by orderId or _id. */
export const statusLinkInput = z.object({
  orderId: z
    .string(JOB_STATUS_MESSAGES.orderRequired)
    .trim()
    .min(1, JOB_STATUS_MESSAGES.orderRequired),
});

import { z } from 'zod';

/**
 * The WhatsApp conversation (issue 40, second half, decision 048): what customers write to the
 * business's number, the replies sent from a thread, opt-out and the branch of new numbers.
 */

export const CONVERSATION_MESSAGES = {
  windowClosed: 'The 24-hour window is closed: send a template',
  optedOut: 'The customer asked for no more WhatsApp messages (STOP)',
  notConfigured: 'WhatsApp Cloud API is not configured on the server',
  contactNotFound: 'Contact not found',
  contactInvalid: 'Choose a contact',
  textRequired: 'Type a reply',
  textTooLong: 'A WhatsApp message has at most 4096 characters',
  branchInvalid: 'Choose an active branch',
  replySent: 'Reply sent',
  optedIn: 'WhatsApp updates turned back on',
  optInElsewhere: 'This number wrote to another branch: that branch turns its updates back on',
  settingsSaved: 'WhatsApp settings saved',
  threadRead: 'Marked as read',
} as const;

const M = CONVERSATION_MESSAGES;

/**
 * Words that stop automatic updates: Meta's own opt-out keyword and the Hinglish a customer
 * types, compared trimmed and case-insensitive (a trailing full stop or '!' too).
 */
export const OPT_OUT_WORDS = ['stop', 'band karo'] as const;

export function isOptOut(text: string): boolean {
  const said = text
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');
  return (OPT_OUT_WORDS as readonly string[]).includes(said);
}

const uuid = z.uuid(M.contactInvalid);

export const contactRefInput = z.object({ contactId: uuid });
export type ContactRefInput = z.infer<typeof contactRefInput>;

export const whatsappReplyInput = z.object({
  contactId: uuid,
  text: z.string(M.textRequired).trim().min(1, M.textRequired).max(4096, M.textTooLong),
});
export type WhatsappReplyInput = z.infer<typeof whatsappReplyInput>;

export const whatsappSettingsInput = z.object({
  inboundBranchId: z.uuid(M.branchInvalid).nullable(),
});
export type WhatsappSettingsInput = z.infer<typeof whatsappSettingsInput>;

export const conversationMessageSchema = z.object({
  direction: z.enum(['in', 'out']),
  kind: z.enum(['text', 'template']),
  body: z.string(),
  /** in: 'received' or 'read'; out: queued, sent, delivered, read, failed, not sent. */
  status: z.string(),
  error: z.string().nullable(),
  at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  contactId: z.string(),
  contactType: z.enum(['lead', 'customer']),
  /** ISO time the customer's 24-hour window closes; null: closed. */
  windowOpenUntil: z.string().nullable(),
  optedOut: z.boolean(),
  optedOutAt: z.string().nullable(),
  /** Whether the server sends by the Cloud API: without it, no thread can reply. */
  canReply: z.boolean(),
  messages: z.array(conversationMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const whatsappSettingsSchema = z.object({
  inboundBranchId: z.string().nullable(),
  /** The branch a new number's lead goes to now: the chosen one, else the first active. */
  effectiveBranchId: z.string().nullable(),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

import type { WhatsAppCloudConfig } from '../../config';

/** What the Cloud API answered a message: its id, by which delivery statuses come back. */
export interface CloudMessage {
  messageId: string;
}

/**
 * A message the Cloud API refused or could not be reached for; its words for the sender.
 * retryable: WhatsApp was down, slow or busy (a timeout, a 5xx, a 429), so the same message
 * may be sent again later; otherwise it refused this message and would refuse it again.
 */
export class CloudSendError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** A template message's body values, in the order of its {{1}}…{{n}}. */
export interface CloudTemplate {
  name: string;
  languageCode: string;
  parameters: readonly string[];
}

/** Meta's 'type: text' message: delivered only inside the customer's 24-hour window. */
const textMessage = (text: string) => ({
  type: 'text',
  text: { preview_url: true, body: text },
});

/**
 * Meta's 'type: template' message (issue 40): an approved template by its name and language
 * code, with the body's parameters as text; the only message a business may start a
 * conversation with.
 */
const templateMessage = (template: CloudTemplate) => ({
  type: 'template',
  template: {
    name: template.name,
    language: { code: template.languageCode },
    components:
      template.parameters.length === 0
        ? []
        : [
            {
              type: 'body',
              parameters: template.parameters.map((text) => ({ type: 'text', text })),
            },
          ],
  },
});

/**
 * POST {apiBase}/{phone number id}/messages with the business's token (issue 21). Only this
 * file speaks to Meta; nothing else in Karya depends on it being configured.
 */
async function sendCloudMessage(
  cloud: WhatsAppCloudConfig,
  toDigits: string,
  message: Record<string, unknown>,
  send: typeof fetch,
): Promise<CloudMessage> {
  let response: Response;
  try {
    response = await send(`${cloud.apiBase}/${encodeURIComponent(cloud.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cloud.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: toDigits,
        ...message,
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new CloudSendError(`WhatsApp could not be reached: ${(error as Error).message}`, true);
  }
  const answer = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { message?: string; code?: number; error_data?: { details?: string } };
  } | null;
  const messageId = answer?.messages?.[0]?.id;
  if (!response.ok || !messageId) {
    const error = answer?.error;
    const details = error?.error_data?.details;
    const words = error?.message
      ? `${error.message}${details && !error.message.includes(details) ? ` (${details})` : ''}`
      : `HTTP ${response.status}`;
    throw new CloudSendError(
      `WhatsApp did not take the message: ${words}`,
      response.status >= 500 || response.status === 429,
      typeof error?.code === 'number' ? error.code : null,
    );
  }
  return { messageId };
}

/** A free-form text: only inside the customer's open window (customer-window.ts). */
export function sendCloudText(
  cloud: WhatsAppCloudConfig,
  toDigits: string,
  text: string,
  send: typeof fetch = fetch,
): Promise<CloudMessage> {
  return sendCloudMessage(cloud, toDigits, textMessage(text), send);
}

/** An approved template, which WhatsApp delivers whenever the customer last wrote. */
export function sendCloudTemplate(
  cloud: WhatsAppCloudConfig,
  toDigits: string,
  template: CloudTemplate,
  send: typeof fetch = fetch,
): Promise<CloudMessage> {
  return sendCloudMessage(cloud, toDigits, templateMessage(template), send);
}

/**
 * The items of an array field of an unknown object; anything else reads as none. How every
 * part of Meta's webhook body is read: statuses here, customers' messages in the conversation.
 */
export const itemsOf = (value: unknown, field: string): unknown[] => {
  const items = (value as Record<string, unknown> | null | undefined)?.[field];
  return Array.isArray(items) ? items : [];
};

/**
 * Why Meta failed a message: its first error's title (and details), as a failed status
 * carries them: errors[{ code, title, message, error_data: { details } }].
 */
function reasonOf(errors: unknown): string | null {
  const first = Array.isArray(errors) ? (errors[0] as Record<string, unknown> | null) : null;
  if (!first || typeof first !== 'object') return null;
  const title = typeof first.title === 'string' ? first.title : null;
  const message = typeof first.message === 'string' ? first.message : null;
  const data = first.error_data as { details?: unknown } | undefined;
  const details = typeof data?.details === 'string' ? data.details : null;
  const code = typeof first.code === 'number' ? ` (${first.code})` : '';
  const words = [title ?? message, details].filter(Boolean).join(': ');
  return words ? `${words}${code}`.slice(0, 500) : null;
}

/**
 * The statuses a webhook call carries: entry[].changes[].value.statuses[]. Whatever else a
 * caller posts (the webhook is public) reads as no statuses, never as a server error.
 */
export function statusesOfWebhook(
  body: unknown,
): { messageId: string; status: string; reason: string | null }[] {
  if (typeof body !== 'object' || body === null) return [];
  return itemsOf(body, 'entry').flatMap((entry) =>
    itemsOf(entry, 'changes').flatMap((change) =>
      itemsOf((change as { value?: unknown } | null)?.value, 'statuses').flatMap((item) => {
        const { id, status, errors } = (item ?? {}) as {
          id?: unknown;
          status?: unknown;
          errors?: unknown;
        };
        return typeof id === 'string' && typeof status === 'string'
          ? [{ messageId: id, status, reason: reasonOf(errors) }]
          : [];
      }),
    ),
  );
}

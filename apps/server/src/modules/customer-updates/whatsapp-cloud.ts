import type { WhatsAppCloudConfig } from '../../config';

/** What the Cloud API answered a message: its id, by which delivery statuses come back. */
export interface CloudMessage {
  messageId: string;
}

/** A message the Cloud API refused or could not be reached for; its words for the sender. */
export class CloudSendError extends Error {}

/**
 * The WhatsApp Business Cloud API's text message (issue 21): POST {apiBase}/{phone number
 * id}/messages with the business's token. Only this file speaks to Meta; nothing else in
 * Karya depends on it being configured.
 */
export async function sendCloudText(
  cloud: WhatsAppCloudConfig,
  toDigits: string,
  text: string,
  send: typeof fetch = fetch,
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
        type: 'text',
        text: { preview_url: true, body: text },
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new CloudSendError(`WhatsApp could not be reached: ${(error as Error).message}`);
  }
  const answer = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { message?: string };
  } | null;
  const messageId = answer?.messages?.[0]?.id;
  if (!response.ok || !messageId) {
    throw new CloudSendError(
      `WhatsApp did not take the message: ${answer?.error?.message ?? `HTTP ${response.status}`}`,
    );
  }
  return { messageId };
}

/** The items of an array field of an unknown object; anything else reads as none. */
const itemsOf = (value: unknown, field: string): unknown[] => {
  const items = (value as Record<string, unknown> | null | undefined)?.[field];
  return Array.isArray(items) ? items : [];
};

/**
 * The statuses a webhook call carries: entry[].changes[].value.statuses[]. Whatever else a
 * caller posts (the webhook is public) reads as no statuses, never as a server error.
 */
export function statusesOfWebhook(body: unknown): { messageId: string; status: string }[] {
  if (typeof body !== 'object' || body === null) return [];
  return itemsOf(body, 'entry').flatMap((entry) =>
    itemsOf(entry, 'changes').flatMap((change) =>
      itemsOf((change as { value?: unknown } | null)?.value, 'statuses').flatMap((item) => {
        const { id, status } = (item ?? {}) as { id?: unknown; status?: unknown };
        return typeof id === 'string' && typeof status === 'string'
          ? [{ messageId: id, status }]
          : [];
      }),
    ),
  );
}

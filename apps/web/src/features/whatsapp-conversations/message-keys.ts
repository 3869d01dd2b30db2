import type { ConversationMessage } from '@karya/domain/whatsapp-conversations';

/**
 * A key per message: the answer gives no id per message, and the same words can come twice in
 * one second, so the time, direction and words are followed by how many such came before in
 * the (oldest-first) thread. A new message at the end leaves the earlier keys as they were.
 */
export function messageKeys(messages: readonly ConversationMessage[]) {
  const seen = new Map<string, number>();
  return messages.map((message) => {
    const fields = `${message.at}-${message.direction}-${message.body}`;
    const count = seen.get(fields) ?? 0;
    seen.set(fields, count + 1);
    return { key: `${fields}#${count}`, message };
  });
}

import type { ConversationMessage } from '@karya/domain/whatsapp-conversations';
import { describe, expect, it } from 'vitest';
import { messageKeys } from './message-keys';

const message = (body: string, at = '2027-03-01T05:30:00.000Z'): ConversationMessage => ({
  direction: 'in',
  kind: 'text',
  body,
  status: 'received',
  error: null,
  at,
});

describe("a thread's message keys", () => {
  it('tells apart two identical messages in the same second', () => {
    const keys = messageKeys([message('ok'), message('ok'), message('thanks')]).map((m) => m.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps the earlier keys when a message arrives', () => {
    const before = messageKeys([message('ok'), message('ok')]).map((m) => m.key);
    const after = messageKeys([message('ok'), message('ok'), message('ok')]).map((m) => m.key);
    expect(after.slice(0, 2)).toEqual(before);
  });
});

import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * The WhatsApp thread (issue 40) as other features draw it: Customer / Lead Details and
 * Project Details show a contact's conversation without importing the conversations feature;
 * the desk layout (app/) provides it, and screens outside the desk draw none.
 */
export interface ConversationSlot {
  Thread: ComponentType<{ contactId: string; sendUpdate?: ReactNode }>;
}

export const ConversationSlotContext = createContext<ConversationSlot | null>(null);

/** The thread component, or null where no desk provides one. */
export function useConversationSlot(): ConversationSlot | null {
  return useContext(ConversationSlotContext);
}

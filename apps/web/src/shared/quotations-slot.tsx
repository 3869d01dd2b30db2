import { type ComponentType, createContext, useContext } from 'react';

/**
 * A contact's quotations (issue 35) as other features draw them: Lead Details and Customer
 * Details list the contact's quotes with 'New quotation' without importing the quotations
 * feature; the desk layout (app/) provides it, and screens outside the desk draw none.
 */
export interface QuotationsSlot {
  ContactQuotations: ComponentType<{ leadId?: string; customerId?: string }>;
}

export const QuotationsSlotContext = createContext<QuotationsSlot | null>(null);

/** The section, or null where no desk provides one. */
export function useQuotationsSlot(): QuotationsSlot | null {
  return useContext(QuotationsSlotContext);
}

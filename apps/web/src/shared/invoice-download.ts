import type { Bill } from '@karya/domain/bill-schemas';
import { createContext, useContext } from 'react';

/**
 * Saves a bill as its PDF and names the characters the PDF's font could not draw. Billing
 * draws it (decision 023); the customer's status page downloads an invoice without importing
 * billing, and the app provides it (app/router.tsx), so the page's chunk carries no PDF code.
 */
export type DownloadInvoice = (bill: Bill) => Promise<{ undrawable: string[] }>;

export const InvoiceDownloadContext = createContext<DownloadInvoice | null>(null);

/** The app's PDF download; null outside a provider (then the page offers none). */
export function useInvoiceDownload(): DownloadInvoice | null {
  return useContext(InvoiceDownloadContext);
}

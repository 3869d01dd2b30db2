import type { AmcInvoice } from '@karya/domain/amc-schemas';
import { createContext, useContext } from 'react';

/** A maintenance contract's invoice as it is printed: the invoice and the contract it bills. */
export interface ContractInvoicePrint {
  invoice: AmcInvoice;
  /** 'AMC-2026-000001 · instalment 2 of 4', printed where a bill prints its order. */
  reference: string;
}

/**
 * Saves a contract invoice as its PDF, drawn by billing's invoice code (decision 037), and
 * names the characters the font could not draw. The contract page downloads it without
 * importing billing; the app provides it (app/maintenance-contract-route.tsx).
 */
export type DownloadContractInvoice = (
  print: ContractInvoicePrint,
) => Promise<{ undrawable: string[] }>;

export const ContractInvoiceDownloadContext = createContext<DownloadContractInvoice | null>(null);

/** The app's PDF download; null outside a provider (then no download is offered). */
export function useContractInvoiceDownload(): DownloadContractInvoice | null {
  return useContext(ContractInvoiceDownloadContext);
}

import { createContext, useContext } from 'react';

/**
 * The job's service report as a PDF (issue 22, decision 034), from staff screens by the
 * order, from the customer's status page by the link's token. The drawing (jsPDF, the font,
 * the photos) lives in features/service-report and is loaded only when pressed; the app
 * provides it (app/router.tsx), so no screen's chunk carries it and no feature imports another.
 */
export type ServiceReportSource = { orderId: string } | { token: string };

/** Saves the PDF; names the characters its font could not draw (a name in Devanagari, say). */
export type DownloadServiceReport = (
  source: ServiceReportSource,
) => Promise<{ undrawable: string[]; missingImages: number }>;

export const ServiceReportDownloadContext = createContext<DownloadServiceReport | null>(null);

/** The app's download; null outside a provider (then no button is offered). */
export function useServiceReportDownload(): DownloadServiceReport | null {
  return useContext(ServiceReportDownloadContext);
}

import { FileText } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { type ServiceReportSource, useServiceReportDownload } from './service-report-download';

export interface ServiceReportButtonText {
  label: string;
  downloading: string;
  /** The note when the PDF's font left characters out. */
  leftOut: (characters: string) => string;
  /** The note when a photo or the signature could not be read. */
  imagesMissing: (count: number) => string;
  failed: string;
  /** The link to the report as a printable page. */
  printable: string;
}

export const SERVICE_REPORT_BUTTON_TEXT: ServiceReportButtonText = {
  label: 'Service report (PDF)',
  downloading: 'Preparing report…',
  leftOut: (characters) =>
    `The PDF could not draw some characters (${characters}); they are left blank.`,
  imagesMissing: (count) =>
    `${count === 1 ? 'One picture' : `${count} pictures`} could not be loaded and ${count === 1 ? 'is' : 'are'} left out of the PDF. Please try again on a better signal.`,
  failed: 'The service report could not be made. Please try again.',
  printable: 'Printable page',
};

/** Where the report opens as a page: staff by the order, the customer by the link. */
export const serviceReportPagePath = (source: ServiceReportSource) =>
  'token' in source
    ? `/s/${encodeURIComponent(source.token)}/report`
    : `/service-report/${encodeURIComponent(source.orderId)}`;

/**
 * 'Service report (PDF)': draws the job's report (customer, site, technician, times,
 * checklist, units, photos, signature, invoice number) and saves it.
 */
export function ServiceReportButton({
  source,
  text = SERVICE_REPORT_BUTTON_TEXT,
  className,
  variant = 'secondary',
  withPageLink = true,
}: {
  source: ServiceReportSource;
  text?: ServiceReportButtonText;
  className?: string;
  variant?: 'primary' | 'secondary';
  /** Also offer the printable page (in a new tab); not on that page itself. */
  withPageLink?: boolean;
}) {
  const download = useServiceReportDownload();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'error' | 'info'; message: string } | null>(null);
  if (!download) return null;

  async function save(drawPdf: NonNullable<typeof download>) {
    setBusy(true);
    setNote(null);
    try {
      const { undrawable, missingImages } = await drawPdf(source);
      if (missingImages > 0) setNote({ tone: 'info', message: text.imagesMissing(missingImages) });
      else if (undrawable.length > 0)
        setNote({ tone: 'info', message: text.leftOut(undrawable.slice(0, 8).join(' ')) });
    } catch (failure) {
      setNote({ tone: 'error', message: errorMessage(failure, text.failed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`space-y-2 ${className ?? ''}`}>
      <Button
        type="button"
        variant={variant}
        className="w-full sm:w-auto"
        loading={busy}
        loadingText={text.downloading}
        onClick={() => save(download)}
      >
        <FileText className="mr-1.5 h-4 w-4" aria-hidden />
        {text.label}
      </Button>
      {withPageLink && (
        <a
          href={serviceReportPagePath(source)}
          target="_blank"
          rel="noopener"
          className="ml-3 inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline-offset-2 hover:underline"
        >
          {text.printable}
        </a>
      )}
      {note && <Alert tone={note.tone}>{note.message}</Alert>}
    </div>
  );
}

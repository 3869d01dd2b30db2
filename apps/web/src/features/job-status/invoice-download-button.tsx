import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useInvoiceDownload } from '../../shared/invoice-download';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { getJobStatusInvoice } from './api/job-status';
import type { JobStatusText } from './job-status-text';

/**
 * 'Download invoice' on the status page: the server answers the invoice only for this link,
 * and the customer's phone draws the same PDF the shop downloads (decision 023).
 */
export function InvoiceDownloadButton({
  token,
  invoiceId,
  text,
}: {
  token: string;
  invoiceId: string;
  text: JobStatusText;
}) {
  const download = useInvoiceDownload();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'error' | 'info'; message: string } | null>(null);
  if (!download) return null;

  async function save(drawPdf: NonNullable<typeof download>) {
    setBusy(true);
    setNote(null);
    try {
      const { undrawable } = await drawPdf(await getJobStatusInvoice(token, invoiceId));
      if (undrawable.length > 0)
        setNote({ tone: 'info', message: text.pdfLeftOut(undrawable.slice(0, 8).join(' ')) });
    } catch (failure) {
      setNote({
        tone: 'error',
        message: failure instanceof ApiError ? failure.message : String(failure),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 space-y-2">
      <Button
        variant="secondary"
        className="w-full"
        loading={busy}
        loadingText={text.downloading}
        onClick={() => save(download)}
      >
        {text.downloadInvoice}
      </Button>
      {note && <Alert tone={note.tone}>{note.message}</Alert>}
    </div>
  );
}

import { dueReminderMessage, type ReminderLanguage, whatsappLink } from '@karya/domain/gst';
import type { DueRow } from '@karya/domain/invoice-schemas';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { rupees } from '../../lib/money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FilterGroup } from '../../ui/filter-group';
import { Modal } from '../../ui/modal';

const LANGUAGES: ReadonlyArray<{ value: ReminderLanguage; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'hinglish', label: 'Hinglish' },
];

/**
 * 'Send Reminder' (issue 19): the WhatsApp text in English or Hinglish with the due and a
 * upi://pay link for exactly it, shown before it goes; 'Open WhatsApp' opens the chat with
 * the customer, the text typed in, in a new tab. Nothing is sent from the server.
 */
export function SendReminderDialog({ due, onClose }: { due: DueRow; onClose: () => void }) {
  const [language, setLanguage] = useState<ReminderLanguage>('en');
  const message = dueReminderMessage({
    language,
    customerName: due.customerName,
    invoiceNumber: due.invoiceNumber,
    invoiceDate: due.invoiceDate,
    dueRupeesText: rupees(due.due),
    branchName: due.branch.name,
    upiLink: due.upiLink,
  });

  return (
    <Modal
      open
      onClose={onClose}
      title="Send Reminder"
      description={`${due.customerName} · ${due.invoiceNumber} · Due ${rupees(due.due)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <a
            href={whatsappLink(due.whatsappNumber, message)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-green-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Open WhatsApp
          </a>
        </>
      }
    >
      <div className="space-y-4">
        <FilterGroup label="Language" options={LANGUAGES} value={language} onChange={setLanguage} />
        <figure>
          <figcaption className="mb-1.5 text-sm font-medium text-slate-700">
            Message to {due.whatsappNumber}
          </figcaption>
          <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
            {message}
          </p>
        </figure>
        {due.upiLink ? null : (
          <Alert tone="warning">
            This branch has no UPI ID, so the message carries no payment link. An admin can set one
            under Branches.
          </Alert>
        )}
      </div>
    </Modal>
  );
}

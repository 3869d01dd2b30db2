import type { AmcContractDetail } from '@karya/domain/amc-schemas';
import type { UpdateLanguage } from '@karya/domain/customer-updates';
import { whatsappLink } from '@karya/domain/dues';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { rupees } from '../../lib/money';
import { Button } from '../../ui/button';
import { FilterGroup } from '../../ui/filter-group';
import { Modal } from '../../ui/modal';
import { renewalReminderText } from './amc-display';

const LANGUAGES: ReadonlyArray<{ value: UpdateLanguage; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'hinglish', label: 'Hinglish' },
];

/**
 * 'Send renewal reminder' (issue 23): the message shown before it goes, in English or
 * Hinglish; 'Open WhatsApp' opens the chat with the customer, the text typed in, in a new tab.
 * Nothing is sent from the server.
 */
export function RenewalReminderDialog({
  contract,
  onClose,
}: {
  contract: AmcContractDetail;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<UpdateLanguage>('hinglish');
  const message = renewalReminderText(
    {
      customerName: contract.customer.name,
      contractNumber: contract.contractNumber,
      projectType: contract.projectType,
      endDate: contract.endDate,
      branchName: contract.branch.name,
      price: contract.price,
      priceIncludesTax: contract.priceIncludesTax,
    },
    language,
    rupees,
  );
  const phone = contract.customer.phoneNumber;
  return (
    <Modal
      open
      onClose={onClose}
      title="Send renewal reminder"
      description={`${contract.customer.name} · ${contract.contractNumber}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <a
            href={whatsappLink(phone, message)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
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
            Message to {phone}
          </figcaption>
          <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
            {message}
          </p>
        </figure>
      </div>
    </Modal>
  );
}

import type { AmcContractDetail } from '@karya/domain/amc-schemas';
import {
  DEFAULT_UPDATE_LANGUAGE,
  fillTemplate,
  templateBodyOf,
  type UpdateLanguage,
  updateValuesOf,
} from '@karya/domain/customer-updates';
import { whatsappLink } from '@karya/domain/dues';
import { formatPhone } from '@karya/domain/phone-rules';
import { useMutation } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { useUpdateTemplates } from '../../shared/customer-update-templates';
import { useUpdateFacts } from '../../shared/send-update-link';
import { Button } from '../../ui/button';
import { FilterGroup } from '../../ui/filter-group';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { Loading } from '../../ui/spinner';
import { renewalValuesOf } from './amc-display';

const LANGUAGES: ReadonlyArray<{ value: UpdateLanguage; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'hinglish', label: 'Hinglish' },
];

/**
 * 'Send renewal reminder' (issue 23): the admin's 'Maintenance contract renewal' customer
 * update (or the default) in English or Hinglish, filled with the contract, shown before it
 * goes; 'Open WhatsApp' opens the chat with the customer, the text typed in, in a new tab,
 * and keeps the reminder in the covered installation's history. Nothing is sent from the
 * server.
 */
export function RenewalReminderDialog({
  contract,
  onClose,
}: {
  contract: AmcContractDetail;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<UpdateLanguage>(DEFAULT_UPDATE_LANGUAGE);
  const notify = useNotify();
  const templates = useUpdateTemplates();
  const installation = contract.installation;
  const record = useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<null>('POST', '/record-customer-update', {
        orderId,
        event: 'amcRenewalReminder',
        language,
      }),
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'Could not record the reminder'),
  });
  // The covered installation as the server reads it: the branch's phone for 'For help call'
  // (issue 39 item 10). Without a connection the shipped wording still makes a reminder.
  const facts = useUpdateFacts(installation?.orderId ?? '');
  const ready = !templates.isPending && facts.fetchStatus !== 'fetching';
  const message = fillTemplate(
    templateBodyOf(templates.data ?? [], 'amcRenewalReminder', language),
    {
      ...(facts.data ? updateValuesOf(facts.data, null, 'amcRenewalReminder') : {}),
      ...renewalValuesOf(contract, rupees),
    },
    language,
  );
  const phone = contract.customer.phoneNumber;
  const whatsappClass =
    'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-green-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600';
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
          {ready ? (
            <a
              href={whatsappLink(phone, message)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => {
                if (installation) record.mutate(installation.orderId);
                onClose();
              }}
              className={whatsappClass}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Open WhatsApp
            </a>
          ) : (
            <span className={`${whatsappClass} opacity-60`} aria-disabled="true">
              <MessageCircle aria-hidden="true" className="size-4" />
              Open WhatsApp
            </span>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <FilterGroup label="Language" options={LANGUAGES} value={language} onChange={setLanguage} />
        <figure>
          <figcaption className="mb-1.5 text-sm font-medium text-slate-700">
            Message to {formatPhone(phone)}
          </figcaption>
          {ready ? (
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
              {message}
            </p>
          ) : (
            <Loading />
          )}
        </figure>
        <p className="text-xs text-slate-500">
          {installation
            ? `Kept in the history of ${installation.orderId} when you open WhatsApp. Admins change the wording under Customer Updates.`
            : 'Admins change the wording under Customer Updates.'}
        </p>
      </div>
    </Modal>
  );
}

import {
  fillTemplate,
  templateBodyOf,
  type UpdateLanguage,
  updateValuesOf,
} from '@karya/domain/customer-updates';
import { whatsappLink } from '@karya/domain/dues';
import type { DueRow } from '@karya/domain/invoice-schemas';
import type { StatusLink } from '@karya/domain/job-status';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { useUpdateTemplates } from '../../shared/customer-update-templates';
import { useUpdateFacts } from '../../shared/send-update-link';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FilterGroup } from '../../ui/filter-group';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { Loading } from '../../ui/spinner';

const LANGUAGES: ReadonlyArray<{ value: UpdateLanguage; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'hinglish', label: 'Hinglish' },
];

/**
 * The order's job-status link, where the customer sees the invoice and pays the due by UPI;
 * made on first ask, the same after (the key the Send update links share). An order past its
 * link's expiry has none to send.
 */
function useLiveStatusLink(orderId: string) {
  return useQuery({
    // A maintenance contract's invoice has no order, so no status link (decision 037).
    enabled: orderId !== '',
    queryKey: ['work-order-status-link', orderId],
    queryFn: () => apiRequest<StatusLink>('POST', '/work-order-status-link', { orderId }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (link) =>
      link.expiresAt && new Date(link.expiresAt).getTime() <= Date.now() ? null : link,
  });
}

/**
 * 'Send Reminder' (issues 19, 21): the admin's 'Due reminder' update in English or Hinglish,
 * filled as every update is (updateValuesOf, from the order as the server reads it, with this
 * invoice's due) and carrying the order's status link, whose 'Pay by UPI' opens the customer's
 * UPI app for exactly the due: WhatsApp makes an https link tappable, a upi:// one not (issue
 * 39 item 11). Shown before it goes; 'Open WhatsApp' opens the chat with the customer, the
 * text typed in, in a new tab, and keeps the reminder in the order's history. Nothing is sent
 * from the server.
 */
export function SendReminderDialog({ due, onClose }: { due: DueRow; onClose: () => void }) {
  const [language, setLanguage] = useState<UpdateLanguage>(due.customerLanguage);
  const notify = useNotify();
  const templates = useUpdateTemplates();
  const link = useLiveStatusLink(due.orderId);
  const record = useMutation({
    mutationFn: () =>
      // Kept in an order's history; a contract invoice has no order to keep it in.
      due.orderId === ''
        ? Promise.resolve(null)
        : apiRequest<null>('POST', '/record-customer-update', {
            orderId: due.orderId,
            event: 'dueReminder',
            language,
          }),
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'Could not record the reminder'),
  });

  // The order as the server reads it (its branch's phone, its technician); a contract's
  // invoice has no order, and without a connection the due's own facts still make a reminder.
  const facts = useUpdateFacts(due.orderId);
  const ready =
    !templates.isPending &&
    (due.orderId === '' || (!link.isPending && facts.fetchStatus !== 'fetching'));
  const order = facts.data ?? {
    orderId: due.contract?.contractNumber ?? due.orderId,
    customerName: due.customerName,
    branchName: due.branch.name,
    projectType: '',
    technician: null,
  };
  const message = fillTemplate(
    templateBodyOf(templates.data ?? [], 'dueReminder', language),
    updateValuesOf(
      // The reminder is of this invoice: its total and its due.
      { ...order, money: { billed: due.total, due: due.due, lastPayment: null } },
      link.data ? `${window.location.origin}${link.data.path}` : null,
      'dueReminder',
    ),
    language,
  );

  const whatsappClass =
    'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-green-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600';
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
          {ready ? (
            <a
              href={whatsappLink(due.whatsappNumber, message)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => record.mutate()}
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
            Message to {due.whatsappNumber}
          </figcaption>
          {ready ? (
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
              {message}
            </p>
          ) : (
            <Loading />
          )}
        </figure>
        {due.upiLink ? null : (
          <Alert tone="warning">
            This branch has no UPI ID, so the customer's page offers no Pay by UPI. An admin can set
            one under Branches.
          </Alert>
        )}
      </div>
    </Modal>
  );
}

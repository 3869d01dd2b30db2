import {
  type CustomerUpdateEvent,
  type CustomerUpdateFacts,
  DEFAULT_UPDATE_LANGUAGE,
  fillTemplate,
  templateBodyOf,
  type UpdateLanguage,
  type UpdateOrder as UpdateOrderFacts,
  type UpdateValues,
  updateValuesOf,
} from '@karya/domain/customer-updates';
import { whatsappLink } from '@karya/domain/dues';
import type { StatusLink } from '@karya/domain/job-status';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { ApiError, apiRequest } from '../lib/api-client';
import { useNotify } from '../ui/notification-context';
import { useUpdateTemplates } from './customer-update-templates';
import { offersOwnWhatsapp } from './send-refusal';

/** What an update is filled from and sent to: the order as the work-order screens read it. */
export interface UpdateOrder extends UpdateOrderFacts {
  customerPhone: string;
  customerWhatsapp: string;
  /** The customer's preferred language (issue 21). */
  customerLanguage: UpdateLanguage;
}

/** The order's job-status link, made on first ask and the same after. */
function useStatusLink(orderId: string) {
  return useQuery({
    queryKey: ['work-order-status-link', orderId],
    queryFn: () => apiRequest<StatusLink>('POST', '/work-order-status-link', { orderId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The cache key of an order's update facts: dropped where a payment changes them. */
export const updateFactsKey = (orderId: string) => ['customer-update-facts', orderId] as const;

/**
 * What the server knows of an order for its updates (issue 39 item 10): the branch's phone,
 * what the order was billed, what is still due and the last payment, with the order's own
 * facts, read fresh each time a sender opens; updateValuesOf fills a template from them here
 * as the server does when it sends. Kept offline like the rest of the cache.
 */
export function useUpdateFacts(orderId: string, enabled = true) {
  return useQuery({
    enabled: enabled && orderId !== '',
    queryKey: updateFactsKey(orderId),
    queryFn: () =>
      apiRequest<CustomerUpdateFacts>(
        'GET',
        `/customer-update-facts?orderId=${encodeURIComponent(orderId)}`,
      ),
    staleTime: 0,
  });
}

/** The placeholders only the server's facts fill: a template without them needs no fetch. */
const FACT_PLACEHOLDERS = /\{(branchPhone|amount|due)\}/;

/**
 * 'Send update on WhatsApp' (issue 21): one tap opens WhatsApp with the customer's number and
 * the event's message filled in, with the order's status link; the tap is recorded in the
 * order's history. A link, not a script-opened window, so no phone blocks it as a pop-up.
 * Given only an order's id (Record Payment's receipt), it reads the order from the server.
 */
export function SendUpdateLink({
  order,
  event,
  label = 'Send update on WhatsApp',
  values = {},
}: {
  order: UpdateOrder | { orderId: string };
  event: CustomerUpdateEvent;
  label?: string;
  values?: UpdateValues;
}) {
  const notify = useNotify();
  const templates = useUpdateTemplates();
  const link = useStatusLink(order.orderId);
  const known = 'customerPhone' in order ? order : null;
  const settings = useQuery({
    queryKey: ['customer-update-settings'],
    queryFn: () => apiRequest<{ sendsBy: 'server' | 'link' }>('GET', '/customer-update-settings'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Issue 40: no approved WhatsApp template for this update and the customer's window closed,
  // so the server may not send it: the sender's own WhatsApp, as without the Cloud API.
  const [ownWhatsapp, setOwnWhatsapp] = useState(false);
  const byLink = settings.data?.sendsBy === 'link' || ownWhatsapp;
  // A phone's order cached offline before the language was read has none.
  const knownLanguage = known?.customerLanguage ?? DEFAULT_UPDATE_LANGUAGE;
  const needsFacts =
    known === null ||
    (templates.data !== undefined &&
      FACT_PLACEHOLDERS.test(templateBodyOf(templates.data, event, knownLanguage)));
  const facts = useUpdateFacts(order.orderId, byLink && needsFacts);
  const language = facts.data?.customerLanguage ?? knownLanguage;
  const record = useMutation({
    mutationFn: () =>
      apiRequest<null>('POST', '/record-customer-update', {
        orderId: order.orderId,
        event,
        language,
      }),
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'Could not record the update'),
  });

  const sendByServer = useMutation({
    mutationFn: () =>
      // No language: the server sends in the customer's, as it reads it now.
      apiRequest<{ status: string }>('POST', '/send-customer-update', {
        orderId: order.orderId,
        event,
      }),
    onSuccess: () => notify.success('Update sent on WhatsApp'),
    onError: (error) => {
      // Only 'no template, window closed' may go from the sender's own WhatsApp; a customer
      // who replied STOP is told nothing, so that refusal shows its words and offers no link.
      if (offersOwnWhatsapp(error)) {
        setOwnWhatsapp(true);
        notify.info((error as ApiError).message);
        return;
      }
      notify.error(error instanceof ApiError ? error.message : 'Could not send the update');
    },
  });

  const className =
    'inline-flex h-9 items-center gap-2 rounded-lg bg-green-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600';
  // The WhatsApp Cloud API is configured: the server sends it, no WhatsApp of one's own.
  if (settings.data?.sendsBy === 'server' && !ownWhatsapp) {
    return (
      <button
        type="button"
        className={className}
        disabled={sendByServer.isPending}
        onClick={() => sendByServer.mutate()}
      >
        <Send aria-hidden="true" className="size-4" />
        {sendByServer.isPending ? 'Sending...' : label}
      </button>
    );
  }
  // An order this user may not see (a technician's payment on another's order): nothing to send.
  if (known === null && facts.error instanceof ApiError && facts.error.status === 404) return null;
  // The facts read a moment ago, not an earlier copy; offline, the copy (or the screen's order).
  const factsReady = !needsFacts || facts.fetchStatus !== 'fetching';
  const from = facts.data ?? known;
  if (!templates.data || !link.data || !factsReady || !from) {
    const failed = templates.isError || link.isError || (from === null && facts.isError);
    return (
      <span className={`${className} opacity-60`} aria-disabled="true">
        <Send aria-hidden="true" className="size-4" />
        {failed ? `${label} (needs a connection)` : label}
      </span>
    );
  }
  const text = fillTemplate(
    templateBodyOf(templates.data, event, language),
    {
      ...updateValuesOf(from, `${window.location.origin}${link.data.path}`, event),
      ...values,
    },
    language,
  );
  return (
    <a
      href={whatsappLink(from.customerWhatsapp.trim() || from.customerPhone, text)}
      target="_blank"
      rel="noreferrer"
      onClick={() => record.mutate()}
      className={className}
    >
      <Send aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

import {
  type CustomerUpdateEvent,
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
import { ApiError, apiRequest } from '../lib/api-client';
import { useNotify } from '../ui/notification-context';
import { useUpdateTemplates } from './customer-update-templates';

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

/**
 * 'Send update on WhatsApp' (issue 21): one tap opens WhatsApp with the customer's number and
 * the event's message filled in, with the order's status link; the tap is recorded in the
 * order's history. A link, not a script-opened window, so no phone blocks it as a pop-up.
 */
export function SendUpdateLink({
  order,
  event,
  label = 'Send update on WhatsApp',
  values = {},
}: {
  order: UpdateOrder;
  event: CustomerUpdateEvent;
  label?: string;
  values?: UpdateValues;
}) {
  const notify = useNotify();
  const templates = useUpdateTemplates();
  const link = useStatusLink(order.orderId);
  // A phone's order cached offline before the language was read has none.
  const language = order.customerLanguage ?? DEFAULT_UPDATE_LANGUAGE;
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

  const settings = useQuery({
    queryKey: ['customer-update-settings'],
    queryFn: () => apiRequest<{ sendsBy: 'server' | 'link' }>('GET', '/customer-update-settings'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const sendByServer = useMutation({
    mutationFn: () =>
      // No language: the server sends in the customer's, as it reads it now.
      apiRequest<{ status: string }>('POST', '/send-customer-update', {
        orderId: order.orderId,
        event,
      }),
    onSuccess: () => notify.success('Update sent on WhatsApp'),
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'Could not send the update'),
  });

  const className =
    'inline-flex h-9 items-center gap-2 rounded-lg bg-green-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600';
  // The WhatsApp Cloud API is configured: the server sends it, no WhatsApp of one's own.
  if (settings.data?.sendsBy === 'server') {
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
  if (!templates.data || !link.data) {
    const failed = templates.isError || link.isError;
    return (
      <span className={`${className} opacity-60`} aria-disabled="true">
        <Send aria-hidden="true" className="size-4" />
        {failed ? `${label} (needs a connection)` : label}
      </span>
    );
  }
  const text = fillTemplate(
    templateBodyOf(templates.data, event, language),
    { ...updateValuesOf(order, `${window.location.origin}${link.data.path}`), ...values },
    language,
  );
  return (
    <a
      href={whatsappLink(order.customerWhatsapp.trim() || order.customerPhone, text)}
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

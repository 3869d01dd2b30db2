import { WHATSAPP_TEMPLATE_MESSAGES } from '@karya/domain/whatsapp-templates';
import { ApiError } from '../lib/api-client';

/**
 * Whether a refused POST /send-customer-update may fall back to the sender's own WhatsApp: only
 * when the server said it has no approved template and the customer's 24-hour window is closed.
 * Any other 409 (the customer replied STOP, the Cloud API not configured) is a refusal to
 * message the customer at all, so no wa.me link is offered. The server sends no reason code in
 * the 409's details, so its message (a constant shared through packages/domain) is compared.
 */
export function offersOwnWhatsapp(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.message === WHATSAPP_TEMPLATE_MESSAGES.windowClosed
  );
}

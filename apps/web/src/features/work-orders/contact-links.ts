/** Spec 2 §5: the alerts of the contact buttons when a number is missing. */
export const CONTACT_MISSING = {
  customerContact: 'Customer contact number not available',
  customerPhone: 'Customer phone number not available',
  originalTechnicianPhone: 'Original technician phone number not available',
} as const;

/** Spec 2 §5: the message link strips every non-digit ('+91 98765-43210' → 919876543210). */
export function whatsappLink(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}

export function telLink(number: string | null | undefined): string | null {
  const dialable = (number ?? '').replace(/[^\d+]/g, '');
  return dialable.replace(/\+/g, '') ? `tel:${dialable}` : null;
}

/** Message goes to the customer's WhatsApp number, else their phone. */
export function messageNumberOf(order: { customerWhatsapp: string; customerPhone: string }) {
  return order.customerWhatsapp.trim() || order.customerPhone.trim();
}

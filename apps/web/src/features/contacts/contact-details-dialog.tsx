import type { ContactType } from './api/contact-types';
import { CustomerDetailsModal } from './customer-details-modal';
import { LeadDetailsModal } from './lead-details-modal';

export interface OpenContact {
  id: string;
  type: ContactType;
  /** Open a lead straight in Convert mode. */
  convert?: boolean;
}

/** The lead or customer dialog, whichever the contact is. */
export function ContactDetailsDialog({
  contact,
  onClose,
}: {
  contact: OpenContact;
  onClose: () => void;
}) {
  return contact.type === 'lead' ? (
    <LeadDetailsModal
      leadId={contact.id}
      startInConvert={contact.convert ?? false}
      onClose={onClose}
    />
  ) : (
    <CustomerDetailsModal customerId={contact.id} onClose={onClose} />
  );
}

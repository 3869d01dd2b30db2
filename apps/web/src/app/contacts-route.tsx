import { ContactsPage } from '../features/contacts/contacts-page';
import { WithCustomerSections } from './customer-sections';

/** Contacts, whose customer details show installed products and work orders. */
export function ContactsRoute() {
  return (
    <WithCustomerSections>
      <ContactsPage />
    </WithCustomerSections>
  );
}

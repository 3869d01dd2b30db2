import { QuotationDetailsPage } from '../features/quotations/quotation-details-page';
import { WithCustomerSections } from './customer-sections';

/** One quotation, whose accepted work order opens its Project Details as other screens do. */
export function QuotationDetailsRoute() {
  return (
    <WithCustomerSections>
      <QuotationDetailsPage />
    </WithCustomerSections>
  );
}

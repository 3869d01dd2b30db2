import type { ReactNode } from 'react';
import { InstalledProductsSection } from '../features/warranty/installed-products-section';
import { ProjectDetailsByKey } from '../features/work-orders/project-details-by-key';
import { type CustomerSections, CustomerSectionsContext } from '../shared/customer-sections';

const SECTIONS: CustomerSections = {
  InstalledProducts: InstalledProductsSection,
  WorkOrderDetails: ProjectDetailsByKey,
};

/** The customer details of the screens below: contacts with warranty and work orders. */
export function WithCustomerSections({ children }: { children: ReactNode }) {
  return <CustomerSectionsContext value={SECTIONS}>{children}</CustomerSectionsContext>;
}

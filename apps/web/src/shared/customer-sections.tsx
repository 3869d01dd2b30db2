import { type ComponentType, createContext, useContext } from 'react';

/**
 * What the customer details show of other areas (spec 1 §2.10): the installed products
 * (warranty) and one work order's details (work orders). The contacts feature draws them
 * without importing those areas; the app provides them (app/desk-layout.tsx).
 */
export interface CustomerSections {
  InstalledProducts: ComponentType<{ customerId: string }>;
  WorkOrderDetails: ComponentType<{ customerId: string; orderId: string; onClose: () => void }>;
}

export const CustomerSectionsContext = createContext<CustomerSections | null>(null);

export function useCustomerSections(): CustomerSections {
  const sections = useContext(CustomerSectionsContext);
  if (!sections) throw new Error('useCustomerSections must be used within the desk layout');
  return sections;
}

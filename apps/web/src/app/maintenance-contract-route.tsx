import { MaintenanceContractPage } from '../features/amc/maintenance-contract-page';
import { WithCustomerSections } from './customer-sections';

/** One maintenance contract, whose visits open their work order's details. */
export function MaintenanceContractRoute() {
  return (
    <WithCustomerSections>
      <MaintenanceContractPage />
    </WithCustomerSections>
  );
}

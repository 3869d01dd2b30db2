import { MaintenanceContractPage } from '../features/amc/maintenance-contract-page';
import {
  ContractInvoiceDownloadContext,
  type DownloadContractInvoice,
} from '../shared/contract-invoice-download';
import { WithCustomerSections } from './customer-sections';

/** Billing draws a contract invoice's PDF, loaded (with jsPDF and the font) only when pressed. */
const downloadContractInvoice: DownloadContractInvoice = async (print) =>
  (await import('../features/billing/contract-invoice-pdf')).downloadContractInvoicePdf(print);

/** One maintenance contract, whose visits open their work order's details. */
export function MaintenanceContractRoute() {
  return (
    <WithCustomerSections>
      <ContractInvoiceDownloadContext value={downloadContractInvoice}>
        <MaintenanceContractPage />
      </ContractInvoiceDownloadContext>
    </WithCustomerSections>
  );
}

import { contractInvoiceLabel } from '@karya/domain/amc-schemas';
import { type DueRow, INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { randomKey } from '../../lib/offline-queue';
import { BranchFilter } from '../../shared/branch-filter';
import { ExportDownload } from '../../shared/export-download';
import { ListBody } from '../../shared/list-page-frame';
import { RecordPaymentDialog } from '../../shared/record-payment-dialog';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ListPager } from '../../ui/list-pager';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchInput } from '../../ui/search-input';
import { AgeingTiles } from './ageing-tiles';
import { duesKeys } from './api/dues-keys';
import { useDuesTotals, useOutstandingDues } from './api/get-outstanding-dues';
import { recordContractInvoicePayment } from './api/record-contract-invoice-payment';
import { DuesTable } from './dues-table';
import { SendReminderDialog } from './send-reminder-dialog';

const PAGE_SIZE = 25;

/**
 * 'Outstanding Dues' (issue 19): what customers still owe on confirmed invoices, oldest first,
 * with the total and its ageing; a manager sees their branch, an admin every branch or one.
 * Each due takes a later payment or a WhatsApp reminder carrying a UPI link for exactly it.
 */
export function OutstandingDuesPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const filters = { branchId: branch, search };
  const dues = useOutstandingDues(filters, page, PAGE_SIZE);
  const totals = useDuesTotals(filters);
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: duesKeys.all }) > 0;
  const [paying, setPaying] = useState<DueRow | null>(null);
  // One per opening of Record Payment: a contract invoice's payment is sent with it (decision 037).
  const [attempt, setAttempt] = useState('');
  const startPaying = (row: DueRow) => {
    setAttempt(randomKey());
    setPaying(row);
  };
  const [reminding, setReminding] = useState<DueRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: duesKeys.all });

  const rows = dues.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Outstanding Dues"
        description="What customers still owe on confirmed invoices, oldest first."
        actions={
          <>
            <RefreshButton onClick={() => void refresh()} loading={fetching} />
            <ExportDownload
              choices={[{ kind: 'dues', label: 'Outstanding Dues' }]}
              branch={branch}
            />
          </>
        }
      />
      {totals.data ? <AgeingTiles totals={totals.data} /> : null}
      <Card padded={false}>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            placeholder="Search by customer, phone or invoice number"
            label="Search dues"
            className="w-full max-w-md"
          />
          {isAdmin ? (
            <BranchFilter
              value={branch}
              onChange={(next) => {
                setBranch(next);
                setPage(1);
              }}
            />
          ) : null}
        </div>
        <ListBody
          query={dues}
          failureMessage="Failed to load outstanding dues"
          loadingLabel="Loading outstanding dues..."
          isEmpty={rows.length === 0}
          empty={
            <EmptyState
              icon={Wallet}
              title={INVOICE_MESSAGES.noDues}
              description={
                search ? 'Nothing matches your search.' : 'Every confirmed invoice is paid in full.'
              }
            />
          }
        >
          <DuesTable
            rows={rows}
            showBranch={isAdmin && !branch}
            onRecordPayment={startPaying}
            onSendReminder={setReminding}
          />
          <ListPager
            page={page}
            pageSize={PAGE_SIZE}
            total={dues.data?.total ?? 0}
            noun="dues"
            onPage={setPage}
          />
        </ListBody>
      </Card>
      {paying ? (
        <RecordPaymentDialog
          key={paying.billId}
          bill={{
            billId: paying.billId,
            // A contract's invoice says whose it is: 'BRAN/26-27/00001 · AMC-2027-000001 · upfront'.
            invoiceNumber: paying.contract
              ? `${paying.invoiceNumber} · ${contractInvoiceLabel(
                  paying.contract.contractNumber,
                  paying.contract.instalment,
                  paying.contract.instalments,
                )}`
              : paying.invoiceNumber,
            due: paying.due,
            // A contract's invoice has no order ('') to send a receipt about.
            orderId: paying.orderId,
          }}
          onClose={() => setPaying(null)}
          onRecorded={() => void refresh()}
          {...(paying.contract
            ? { send: (input) => recordContractInvoicePayment(input, attempt) }
            : {})}
        />
      ) : null}
      {reminding ? (
        <SendReminderDialog
          key={reminding.billId}
          due={reminding}
          onClose={() => setReminding(null)}
        />
      ) : null}
    </>
  );
}

import { formatDate } from '@karya/domain/format';
import { errorMessage } from '../../lib/api-client';
import { PrintLabelsButton } from '../../shared/unit-labels-dialog';
import { Alert } from '../../ui/alert';
import { SerialLink } from '../../ui/serial-link';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useInstalledUnits } from './api/get-installed-units';
import { ReplacementStatusPill } from './replacement-status-pill';
import { WarrantyPill } from './warranty-status-card';

const COLUMNS = ['Serial Number', 'Product', 'Installed', 'Warranty', 'Replacement'];

/**
 * Issue 13: the customer's installed units with their warranty, each serial a link to its
 * unit record (the Customer Details modal's 'Installed Products').
 */
export function InstalledProductsSection({ customerId }: { customerId: string }) {
  const units = useInstalledUnits(customerId);
  return (
    <section
      aria-labelledby="installed-products-heading"
      className="rounded-lg border border-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 id="installed-products-heading" className="text-base font-semibold text-slate-900">
          Installed Products
        </h3>
        {/* Issue 37: a QR sticker for each unit, for the customer to raise a complaint. */}
        <PrintLabelsButton units={units.data ?? []} />
      </div>
      {units.isError && !units.data ? (
        <div className="p-4">
          <Alert>{errorMessage(units.error, 'Failed to load installed products')}</Alert>
        </div>
      ) : units.isPending ? (
        <Loading label="Loading installed products..." />
      ) : units.data.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">No installed products yet</p>
      ) : (
        <div className="max-h-[400px] overflow-y-auto">
          <Table columns={COLUMNS} label="Installed Products">
            {units.data.map((unit) => (
              <tr key={unit.serialNumber}>
                <Td>
                  <SerialLink serial={unit.serialNumber} />
                </Td>
                <Td>
                  <div className="font-medium text-slate-900">{unit.productName}</div>
                  <div className="text-xs text-slate-500">{unit.workOrderId}</div>
                </Td>
                <Td>{formatDate(unit.installationDate) || '—'}</Td>
                <Td>
                  <WarrantyPill facts={unit} />
                </Td>
                <Td>
                  {unit.replacementStatus ? (
                    <ReplacementStatusPill status={unit.replacementStatus} />
                  ) : (
                    '—'
                  )}
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}

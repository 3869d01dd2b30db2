import { formatDate } from '@karya/domain/format';
import { type BranchInventoryItem, FAULTY_STOCK_LABEL } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { PrintLabelsButton } from '../../shared/unit-labels-dialog';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TYPE_LABELS } from './inventory-constants';
import { rupees } from './money';

/** View Details of a branch item: the item, and its serials or stock entries in the branch. */
export function ItemDetailsDialog({
  item,
  showPurchasePrice,
  onClose,
}: {
  item: BranchInventoryItem;
  showPurchasePrice: boolean;
  onClose: () => void;
}) {
  const serialized = item.type === 'serialized-product';
  const facts: Array<[string, string]> = [
    ['Item ID', item.id],
    ['Type', TYPE_LABELS[item.type]],
    ['Unit', item.unit],
    ['Warranty', item.warranty || 'N/A'],
    ['MRP', rupees(item.mrp)],
    ...(showPurchasePrice
      ? [['Purchase Price', rupees(item.purchasePrice)] as [string, string]]
      : []),
    ['Sale Price', rupees(item.salePrice)],
    ['Stock', formatQuantity(item.totalStock, item.unit)],
  ];

  return (
    <Modal
      open
      onClose={onClose}
      title={item.name}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {serialized
            ? `Serial Numbers in Branch (${item.stock.length})`
            : `Stock Entries (${item.stock.length})`}
        </h3>
        {/* Issue 37: stickers printed before installation go live once the unit is installed. */}
        {serialized ? (
          <PrintLabelsButton
            units={item.stock.flatMap((entry) =>
              entry.serialNumber
                ? [{ serialNumber: entry.serialNumber, productName: item.name }]
                : [],
            )}
          />
        ) : null}
      </div>
      {item.stock.length === 0 ? (
        <p className="text-sm text-slate-500">
          {serialized ? 'No serial numbers in stock' : 'No stock entries'}
        </p>
      ) : (
        <div className="max-h-72 overflow-y-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                {[serialized ? 'SERIAL NUMBER' : 'QUANTITY', 'DATE', 'REMARK'].map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="px-3 py-2 text-left text-xs font-semibold text-slate-500"
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {item.stock.map((entry, index) => (
                <tr key={entry.serialNumber ?? `${entry.date}-${index}`}>
                  <td className={`px-3 py-2 text-slate-900 ${serialized ? 'font-mono' : ''}`}>
                    {serialized ? entry.serialNumber : formatQuantity(entry.quantity, item.unit)}
                  </td>
                  <td className="px-3 py-2 text-slate-600">{formatDate(entry.date)}</td>
                  <td className="px-3 py-2 text-slate-600">{entry.remark || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {item.faulty.length > 0 ? (
        <>
          <h3 className="mt-6 mb-1 text-sm font-semibold text-amber-900">
            {`${FAULTY_STOCK_LABEL} (${item.faulty.length})`}
          </h3>
          <p className="mb-2 text-xs text-slate-500">Not sellable stock; cannot be assigned.</p>
          <ul className="divide-y divide-amber-100 rounded-lg border border-amber-200 text-sm">
            {item.faulty.map((unit) => (
              <li key={unit.serialNumber} className="flex flex-wrap gap-x-4 px-3 py-2">
                <span className="font-mono text-slate-900">{unit.serialNumber}</span>
                <span className="text-slate-600">{formatDate(unit.date)}</span>
                <span className="text-slate-600">{unit.remark || '—'}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Modal>
  );
}

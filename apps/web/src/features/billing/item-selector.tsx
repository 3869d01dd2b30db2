import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { Plus, ScanLine, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { SearchInput } from '../../ui/search-input';
import { AddServicePicker } from './add-service-picker';
import { billTotalPaise } from './bill-lines';
import { BillLinesEditor } from './bill-lines-editor';
import { formatRupees } from './billing-money';
import { ScanBarcodeDialog } from './scan-barcode-dialog';
import { searchStock } from './stock-search';
import type { BillLinesController } from './use-bill-lines';

const ADD_BUTTON =
  'inline-flex h-9 items-center gap-1 rounded-lg border border-blue-200 bg-blue-50 px-3 text-sm font-medium text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200';

/**
 * Choosing what goes on the bill from the technician's own stock (spec 2 §2, §5): a search
 * over products held (active serials one by one, generic items by quantity), Scan Barcode,
 * the Add Service picker, and the lines so far with their total.
 */
export function ItemSelector({
  items,
  bill,
  camera,
}: {
  items: readonly TechnicianInventoryItem[];
  bill: BillLinesController;
  camera: boolean;
}) {
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<'scan' | 'service' | null>(null);
  const choices = searchStock(items, query, bill.lines);

  return (
    <div className="space-y-4">
      {bill.error ? <Alert>{bill.error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className={`flex-1 ${DARK_SECONDARY}`}
          icon={<ScanLine aria-hidden="true" className="size-4" />}
          onClick={() => setDialog('scan')}
        >
          Scan Barcode
        </Button>
        <Button
          variant="secondary"
          className={`flex-1 ${DARK_SECONDARY}`}
          icon={<Wrench aria-hidden="true" className="size-4" />}
          onClick={() => setDialog('service')}
        >
          Add Service
        </Button>
      </div>

      <SearchInput
        value={query}
        onChange={setQuery}
        placeholder="Search your inventory"
        label="Search your inventory"
      />
      {choices.length === 0 ? (
        <p className="py-2 text-center text-sm text-slate-500 dark:text-slate-400">
          {query.trim() ? 'No matching items in your inventory' : 'No items left in your inventory'}
        </p>
      ) : (
        <ul
          aria-label="Your inventory"
          className="max-h-72 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        >
          {choices.map(({ item, serials, remaining }) => (
            <li key={item._id} className="space-y-2 px-3 py-2.5">
              <div className="flex items-center gap-2">
                <div className="min-w-0 flex-1">
                  <p className="break-words text-sm font-medium">{item.itemName}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatQuantity(remaining, item.unit)} available
                  </p>
                </div>
                {item.type === 'generic-product' ? (
                  <button
                    type="button"
                    aria-label={`Add ${item.itemName}`}
                    className={ADD_BUTTON}
                    onClick={() => bill.addGeneric(item)}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    Add
                  </button>
                ) : null}
              </div>
              {serials.length > 0 ? (
                <div className="flex flex-wrap gap-1.5">
                  {serials.map((serial) => (
                    <button
                      key={serial}
                      type="button"
                      aria-label={`Add serial ${serial}`}
                      className={ADD_BUTTON}
                      onClick={() => bill.addSerial(item, serial)}
                    >
                      <Plus aria-hidden="true" className="size-3.5" />
                      {serial}
                    </button>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {bill.lines.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Selected Items ({bill.lines.length})</h3>
          <BillLinesEditor
            lines={bill.lines}
            min={bill.rule.min}
            onQuantity={bill.setQuantity}
            onRemove={bill.remove}
          />
          <p className="flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold dark:border-slate-700">
            <span>Total</span>
            <span data-testid="bill-selection-total">
              {formatRupees(billTotalPaise(bill.lines))}
            </span>
          </p>
        </div>
      ) : null}

      <ScanBarcodeDialog
        open={dialog === 'scan'}
        camera={camera}
        onSerial={bill.addSerialNumber}
        onClose={() => setDialog(null)}
      />
      <AddServicePicker
        open={dialog === 'service'}
        items={items}
        onPick={bill.addService}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

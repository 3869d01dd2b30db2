import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { useTechnicianInventory } from '../../shared/get-technician-inventory';
import { Button } from '../../ui/button';
import { billLinesError, DIALOG_QUANTITY } from './bill-lines';
import { GenerateBillWizard } from './generate-bill-wizard';
import { ItemSelector } from './item-selector';
import { useBillLines } from './use-bill-lines';

/**
 * Spec 2 §2: the details dialog's 'Inventory Management' while the project is in progress
 * and unpaid: search and Scan over the technician's stock, then the Bill Summary and
 * payment (QR 200 px, cash read-only at the total).
 */
export function InventoryManagementSection({ order }: { order: WorkOrderDetail }) {
  const inventory = useTechnicianInventory();
  const lines = useBillLines(inventory.items, DIALOG_QUANTITY);
  const [billing, setBilling] = useState(false);

  const generate = () => {
    const refusal = billLinesError(lines.lines);
    if (refusal) lines.showError(refusal);
    else setBilling(true);
  };

  return (
    <div className="space-y-3">
      <ItemSelector items={inventory.items} bill={lines} camera={false} />
      <Button
        className="h-11 w-full"
        icon={<ReceiptIndianRupee aria-hidden="true" className="size-4" />}
        onClick={generate}
      >
        Generate Bill
      </Button>
      {billing ? (
        <GenerateBillWizard
          order={order}
          items={inventory.items}
          lines={lines}
          variant="dialog"
          onClose={() => setBilling(false)}
          onCompleted={() => setBilling(false)}
        />
      ) : null}
    </div>
  );
}

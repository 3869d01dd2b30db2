import type { Bill } from '@karya/domain/bill-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useTechnicianInventory } from '../../shared/get-technician-inventory';
import { Button } from '../../ui/button';
import { useCreateBill } from './api/create-bill';
import { billLinesError, DIALOG_QUANTITY, toBillItems } from './bill-lines';
import { BILLING_TEXT } from './billing-messages';
import { GenerateBillWizard } from './generate-bill-wizard';
import { ItemSelector } from './item-selector';
import { useBillLines } from './use-bill-lines';

/**
 * Spec 2 §2: the details dialog's 'Inventory Management' while the project is in progress
 * and unpaid: search and Scan over the technician's stock, then the Bill Summary and
 * payment (QR 200 px, cash read-only at the total). Generate Bill makes the bill first, so
 * its summary shows the server's tax split (issue 19).
 */
export function InventoryManagementSection({ order }: { order: WorkOrderDetail }) {
  const inventory = useTechnicianInventory();
  const lines = useBillLines(inventory.items, DIALOG_QUANTITY);
  const create = useCreateBill();
  const [billing, setBilling] = useState<Bill | null>(null);

  const generate = async () => {
    const refusal = billLinesError(lines.lines);
    if (refusal) return lines.showError(refusal);
    try {
      setBilling(
        await create.mutateAsync({
          customerId: order.customerId,
          orderId: order.orderId,
          items: toBillItems(lines.lines),
        }),
      );
    } catch (error) {
      lines.showError(errorMessage(error, BILLING_TEXT.createFailed));
    }
  };

  return (
    <div className="space-y-3">
      <ItemSelector items={inventory.items} bill={lines} camera={false} />
      <Button
        className="h-11 w-full"
        icon={<ReceiptIndianRupee aria-hidden="true" className="size-4" />}
        onClick={generate}
        loading={create.isPending}
      >
        Generate Bill
      </Button>
      {billing ? (
        <GenerateBillWizard
          order={order}
          items={inventory.items}
          lines={lines}
          variant="dialog"
          openBill={billing}
          onClose={() => setBilling(null)}
          onCompleted={() => setBilling(null)}
        />
      ) : null}
    </div>
  );
}

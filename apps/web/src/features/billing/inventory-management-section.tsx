import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ReceiptIndianRupee } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { randomKey } from '../../lib/offline-queue';
import { useQueuedActions } from '../../shared/queued-actions';
import { useOnline } from '../../shared/use-online';
import { useVanStock } from '../../shared/use-van-stock';
import { hasWaitingBill } from '../../shared/van-stock';
import { Button } from '../../ui/button';
import { useCreateBill } from './api/create-bill';
import { useBillTaxSetting } from './api/get-bill-tax-setting';
import { billLinesError, DIALOG_QUANTITY } from './bill-lines';
import { BILLING_TEXT, OFFLINE_BILL_TEXT } from './billing-messages';
import { GenerateBillWizard } from './generate-bill-wizard';
import { ItemSelector } from './item-selector';
import { type PreparedBill, prepareBill } from './offline-bill';
import { PlannedStartNote } from './planned-start-note';
import { useBillLines } from './use-bill-lines';
import { usePlannedStart } from './use-planned-start';

/**
 * Spec 2 §2: the details dialog's 'Inventory Management' while the project is in progress
 * and unpaid: search and Scan over the technician's stock, then the Bill Summary and
 * payment (QR 200 px, cash read-only at the total). Generate Bill makes the bill first, so
 * its summary shows the server's tax split (issue 19); with no signal the phone works it out
 * and the payment is queued with it (decision 028).
 */
export function InventoryManagementSection({ order }: { order: WorkOrderDetail }) {
  const inventory = useVanStock();
  // Issue 35: an order from an accepted quotation starts its bill from the planned items.
  const plan = usePlannedStart(order.orderId, inventory.items, inventory.data !== undefined);
  const lines = useBillLines(inventory.items, DIALOG_QUANTITY, plan.start?.lines ?? null);
  // Issue 35: the planned units at the quoted prices, as the server will bill them.
  const { reprice } = lines;
  const currentLines = lines.lines;
  useEffect(() => {
    if (currentLines.length > 0) reprice(inventory.items, plan.plan);
  }, [inventory.items, plan.plan, currentLines, reprice]);
  const create = useCreateBill();
  const online = useOnline();
  const taxSetting = useBillTaxSetting();
  const queued = useQueuedActions();
  const waiting = queued.some((action) => action.refusal === null);
  const [billing, setBilling] = useState<PreparedBill | null>(null);
  const [working, setWorking] = useState(false);

  const generate = async () => {
    const refusal = billLinesError(lines.lines);
    if (refusal) return lines.showError(refusal);
    setWorking(true);
    try {
      setBilling(
        await prepareBill(
          {
            online,
            waiting,
            create: (input, key) => create.mutateAsync({ input, key }),
            newKey: randomKey,
            now: () => new Date(),
            taxSetting,
          },
          order,
          lines.lines,
          inventory.items,
        ),
      );
    } catch (error) {
      lines.showError(errorMessage(error, BILLING_TEXT.createFailed));
    } finally {
      setWorking(false);
    }
  };

  // A bill of this order waits to sync: the order shows it; a second one would be refused.
  if (hasWaitingBill(queued, order.orderId) && !billing)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">{OFFLINE_BILL_TEXT.waitingNote}</p>
    );

  return (
    <div className="space-y-3">
      <PlannedStartNote plan={plan} />
      <ItemSelector items={inventory.items} bill={lines} camera={false} />
      <Button
        className="h-11 w-full"
        icon={<ReceiptIndianRupee aria-hidden="true" className="size-4" />}
        onClick={generate}
        loading={working}
      >
        Generate Bill
      </Button>
      {billing ? (
        <GenerateBillWizard
          order={order}
          items={inventory.items}
          lines={lines}
          plan={plan}
          variant="dialog"
          openBill={billing}
          onClose={() => setBilling(null)}
          onCompleted={() => setBilling(null)}
        />
      ) : null}
    </div>
  );
}

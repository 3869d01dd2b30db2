import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { CircleCheck, ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { useQueuedActions } from '../../shared/queued-actions';
import { useVanStock } from '../../shared/use-van-stock';
import { hasWaitingBill } from '../../shared/van-stock';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { useBillTaxSetting } from './api/get-bill-tax-setting';
import { WIZARD_QUANTITY } from './bill-lines';
import { CompleteProjectForm } from './complete-project-form';
import { GenerateBillWizard } from './generate-bill-wizard';
import { useBillLines } from './use-bill-lines';
import { usePlannedStart } from './use-planned-start';

/**
 * The current project's billing (spec 2 §2, §4): 'Generate Bill' until a payment is
 * recorded (or a bill with its cash waits to sync, decision 028), then 'Complete Project & Send
 * for Approval' for a technician who closed the wizard before sending it.
 */
export function ProjectBillingActions({ order }: { order: WorkOrderDetail }) {
  const inventory = useVanStock();
  // A bill made with no signal waits to sync: on the phone the order counts as paid.
  const billWaiting = hasWaitingBill(useQueuedActions(), order.orderId);
  // Issue 35: an order from an accepted quotation starts its bill from the planned items.
  const plan = usePlannedStart(order.orderId, inventory.items, inventory.data !== undefined);
  const lines = useBillLines(inventory.items, WIZARD_QUANTITY, plan.start?.lines ?? null);
  // Loaded with the project, so a bill made later with no signal has the server's figures.
  useBillTaxSetting();
  const [open, setOpen] = useState<'wizard' | 'complete' | null>(null);

  return (
    <>
      {order.paymentDone || billWaiting ? (
        <Button
          className="h-11 w-full bg-green-600 hover:bg-green-700"
          icon={<CircleCheck aria-hidden="true" className="size-4" />}
          onClick={() => setOpen('complete')}
        >
          Complete Project &amp; Send for Approval
        </Button>
      ) : (
        <Button
          className="h-11 w-full"
          icon={<ReceiptIndianRupee aria-hidden="true" className="size-4" />}
          onClick={() => setOpen('wizard')}
        >
          Generate Bill
        </Button>
      )}
      {open === 'wizard' ? (
        <GenerateBillWizard
          order={order}
          items={inventory.items}
          lines={lines}
          plan={plan}
          variant="wizard"
          onClose={() => setOpen(null)}
          onCompleted={() => setOpen(null)}
        />
      ) : null}
      <BottomSheet
        open={open === 'complete'}
        onClose={() => setOpen(null)}
        title="Complete Project"
        description={`${order.projectType} · ${order.orderId}`}
        size="sm"
      >
        <CompleteProjectForm order={order} onCompleted={() => setOpen(null)} />
      </BottomSheet>
    </>
  );
}

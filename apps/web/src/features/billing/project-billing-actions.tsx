import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { CircleCheck, ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { useTechnicianInventory } from '../../shared/get-technician-inventory';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { WIZARD_QUANTITY } from './bill-lines';
import { CompleteProjectForm } from './complete-project-form';
import { GenerateBillWizard } from './generate-bill-wizard';
import { useBillLines } from './use-bill-lines';

/**
 * The current project's billing (spec 2 §2, §4): 'Generate Bill' until a payment is
 * recorded, then 'Complete Project & Send for Approval' for a technician who closed the
 * wizard before sending it.
 */
export function ProjectBillingActions({ order }: { order: WorkOrderDetail }) {
  const inventory = useTechnicianInventory();
  const lines = useBillLines(inventory.items, WIZARD_QUANTITY);
  const [open, setOpen] = useState<'wizard' | 'complete' | null>(null);

  return (
    <>
      {order.paymentDone ? (
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

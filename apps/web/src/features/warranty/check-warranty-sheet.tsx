import { WARRANTY_MESSAGES } from '@karya/domain/warranty-schemas';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { Loading } from '../../ui/spinner';
import { useWarrantyStatus } from './api/check-warranty-status';
import { SerialSearchForm } from './serial-search-form';
import { WarrantyStatusCard } from './warranty-status-card';

function WarrantyResult({ serial }: { serial: string }) {
  const status = useWarrantyStatus(serial);
  if (status.isPending) return <Loading label="Loading product details..." />;
  if (status.isError)
    return <Alert>{errorMessage(status.error, WARRANTY_MESSAGES.productNotFound)}</Alert>;
  return <WarrantyStatusCard status={status.data} />;
}

/**
 * Issue 13: on a complaint (Repair) order the technician enters or scans a unit's serial and
 * sees whether it is under warranty, with the same card the desk shows. Read only: the branch
 * manager registers and replaces.
 */
export function CheckWarrantyButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [serial, setSerial] = useState('');
  const close = () => {
    setOpen(false);
    setSerial('');
  };
  return (
    <>
      <Button
        variant="secondary"
        className={`${DARK_SECONDARY} ${className ?? ''}`}
        icon={<ShieldCheck aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        Check Warranty
      </Button>
      <BottomSheet
        open={open}
        onClose={close}
        title="Check Warranty"
        description="Enter or scan the serial number of the customer's product"
      >
        <div className="space-y-4">
          <SerialSearchForm current={serial} onSearch={setSerial} searching={false} autoFocus />
          {serial ? <WarrantyResult serial={serial} /> : null}
        </div>
      </BottomSheet>
    </>
  );
}

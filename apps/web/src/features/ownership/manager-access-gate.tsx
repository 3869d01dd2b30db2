import { useEffect } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../ui/notification-context';
import { AccessPendingModal } from './access-pending-modal';
import { useManagerStatus } from './api/get-manager-status';
import { OwnershipTransferredModal } from './ownership-transferred-modal';
import { TransferRejectedModal } from './transfer-rejected-modal';
import { TransferRequestModal } from './transfer-request-modal';

/**
 * Spec 1 §4 "Manager access", driven by GET /manager-status: shows the one access modal
 * that applies to the logged-in manager, or nothing when they have full access.
 */
export function ManagerAccessGate() {
  const status = useManagerStatus(true);
  const notify = useNotify();
  const failed = status.isError && !status.data;

  useEffect(() => {
    if (failed) notify.error(errorMessage(status.error, 'Failed to check manager status'));
  }, [failed, notify, status.error]);

  const data = status.data;
  if (!data) return null;
  const access = data.activeManagerStatus;
  if (access === 'transferring' || access === 'transferred')
    return <OwnershipTransferredModal waiting={access === 'transferring'} />;
  if (data.transfer) return <TransferRequestModal transfer={data.transfer} />;
  if (access !== 'active') return <AccessPendingModal />;
  const rejected = data.rejectedTransfers?.[0];
  if (rejected) return <TransferRejectedModal transfer={rejected} />;
  return null;
}

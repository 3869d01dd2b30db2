import { OWNERSHIP_MESSAGES } from '@karya/domain/ownership-schemas';
import { Modal } from '../../ui/modal';
import { LogoutButton } from './logout-button';

/**
 * Spec 1 §2.9/§4: status transferring (my request awaits an answer) or transferred blocks
 * everything but Logout.
 */
export function OwnershipTransferredModal({ waiting }: { waiting: boolean }) {
  return (
    <Modal
      open
      onClose={() => {}}
      dismissible={false}
      title="Ownership Transferred"
      size="md"
      footer={<LogoutButton variant="primary" />}
    >
      <p className="text-sm text-slate-600">
        {waiting
          ? 'Your ownership transfer request is waiting for the new manager to answer. Until then you cannot manage this branch.'
          : OWNERSHIP_MESSAGES.ownershipTransferred}
      </p>
    </Modal>
  );
}

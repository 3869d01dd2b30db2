import { OWNERSHIP_MESSAGES } from '@karya/domain/ownership-schemas';
import { Modal } from '../../ui/modal';
import { LogoutButton } from './logout-button';

/** Spec 1 §2.9/§4: a manager who is not active and has no transfer addressed to them. */
export function AccessPendingModal() {
  return (
    <Modal
      open
      onClose={() => {}}
      dismissible={false}
      title="Account Access Pending"
      size="md"
      footer={<LogoutButton variant="primary" />}
    >
      <p className="text-sm text-slate-600">{OWNERSHIP_MESSAGES.accessPending}</p>
    </Modal>
  );
}

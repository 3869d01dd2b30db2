import { ROLE_LABELS } from '@karya/domain/roles';
import { fullName } from '@karya/domain/user';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useSessionUser } from '../auth/use-session-user';

export interface AccountSettingsModalProps {
  open: boolean;
  onClose: () => void;
}

// Placeholder: spec 1 §2.11 (edit own profile, change password) arrives with its own issue.
export function AccountSettingsModal({ open, onClose }: AccountSettingsModalProps) {
  const user = useSessionUser();
  const rows: Array<[string, string]> = [
    ['Name', fullName(user)],
    ['Username', user.username],
    ['Email', user.email],
    ['Role', ROLE_LABELS[user.role]],
  ];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Account Settings"
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="truncate font-medium text-slate-900">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

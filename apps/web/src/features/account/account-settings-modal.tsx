import { ROLE_LABELS } from '@karya/domain/roles';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/spinner';
import { useOwnProfile } from './api/get-own-profile';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export interface AccountSettingsModalProps {
  open: boolean;
  onClose: () => void;
}

type Tab = 'profile' | 'password';
const TABS: ReadonlyArray<[Tab, string]> = [
  ['profile', 'Profile'],
  ['password', 'Change Password'],
];

/** Spec 1 §2.11: every role edits their own profile and changes their password here. */
export function AccountSettingsModal({ open, onClose }: AccountSettingsModalProps) {
  const user = useSessionUser();
  const [tab, setTab] = useState<Tab>('profile');
  const profile = useOwnProfile(user._id, open);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Account Settings"
      description={`${user.username} · ${ROLE_LABELS[user.role]}`}
      size="lg"
    >
      <div
        role="tablist"
        aria-label="Account Settings"
        className="mb-4 flex gap-1 border-b border-slate-200"
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === id
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-500 hover:text-slate-800',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'password' ? (
        <PasswordForm userId={user._id} />
      ) : profile.data ? (
        <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
      ) : profile.isError ? (
        <>
          <Alert className="mb-4">
            {errorMessage(profile.error, 'Failed to load user information')}
          </Alert>
          <ProfileForm profile={user} />
        </>
      ) : (
        <Loading />
      )}
    </Modal>
  );
}

import { ROLE_LABELS } from '@karya/domain/roles';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/spinner';
import { type TabOption, TabStrip } from '../../ui/tab-strip';
import { useOwnProfile } from './api/get-own-profile';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export interface AccountSettingsModalProps {
  open: boolean;
  onClose: () => void;
}

type Tab = 'profile' | 'password';
const TABS: ReadonlyArray<TabOption<Tab>> = [
  { value: 'profile', label: 'Profile' },
  { value: 'password', label: 'Change Password' },
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
      <TabStrip
        label="Account Settings"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        className="mb-4"
      />
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

import { fullName } from '@karya/domain/user';
import { LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { AccountSettingsModal } from '../account/account-settings-modal';
import { LogoutDialog } from '../auth/logout-dialog';
import { useSessionUser } from '../auth/use-session-user';

/** Technicians have no header (spec 1 §2.3); this bar is their only way out. */
export function TechnicianTopBar() {
  const user = useSessionUser();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-3 px-4">
        <div className="flex min-w-0 items-center gap-2.5">
          <img src="/karya.svg" alt="" width={28} height={28} className="size-7" />
          <p className="truncate text-sm font-medium text-slate-900">{fullName(user)}</p>
        </div>
        <div className="flex items-center gap-1">
          {/* Spec 1 §2.11: Account Settings for every role, technicians included. */}
          <Button
            variant="ghost"
            size="sm"
            icon={<Settings aria-hidden="true" className="size-4" />}
            onClick={() => setSettingsOpen(true)}
          >
            Settings
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={<LogOut aria-hidden="true" className="size-4" />}
            onClick={() => setConfirmingLogout(true)}
          >
            Logout
          </Button>
        </div>
      </div>
      <AccountSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <LogoutDialog open={confirmingLogout} onClose={() => setConfirmingLogout(false)} />
    </header>
  );
}

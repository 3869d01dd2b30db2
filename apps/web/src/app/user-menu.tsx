import { ROLE_LABELS } from '@karya/domain/roles';
import { fullName, initials } from '@karya/domain/user';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowRightLeft, ChevronDown, LogOut, Settings, ShieldUser } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountSettingsModal } from '../features/account/account-settings-modal';
import { LogoutDialog } from '../features/auth/logout-dialog';
import { useSessionUser } from '../lib/use-session-user';

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none';
const NEUTRAL_ITEM = `${ITEM_CLASS} text-slate-700 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900`;
const DANGER_ITEM = `${ITEM_CLASS} text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700`;

/** Spec 1 §2.3: the user's name with role, and a menu with Settings and Logout. */
export function UserMenu() {
  const user = useSessionUser();
  const [dialog, setDialog] = useState<'settings' | 'logout' | null>(null);
  const name = fullName(user);
  const closeDialog = () => setDialog(null);
  const navigate = useNavigate();

  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="min-w-0 text-right leading-tight">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{ROLE_LABELS[user.role]}</p>
      </div>
      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="User menu"
          className="flex shrink-0 items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=open]:bg-slate-100"
        >
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
          >
            {initials(user.firstName, user.lastName)}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <div className="border-b border-slate-100 px-2.5 pt-1 pb-2.5">
              <p className="truncate text-sm font-medium text-slate-900">{name}</p>
              <p className="truncate text-xs text-slate-500">{user.email || user.username}</p>
            </div>
            <div className="pt-1.5">
              <DropdownMenu.Item className={NEUTRAL_ITEM} onSelect={() => setDialog('settings')}>
                <Settings aria-hidden="true" className="size-4" />
                Settings
              </DropdownMenu.Item>
              {/* The spec's admin menu has no entry for /users/admin either. */}
              {user.role === 'admin' ? (
                <DropdownMenu.Item
                  className={NEUTRAL_ITEM}
                  onSelect={() => navigate('/users/admin')}
                >
                  <ShieldUser aria-hidden="true" className="size-4" />
                  Admin Users
                </DropdownMenu.Item>
              ) : null}
              {/* The spec's manager menu has no entry for /ownership-transfer; it lives here. */}
              {user.role === 'manager' ? (
                <DropdownMenu.Item
                  className={NEUTRAL_ITEM}
                  onSelect={() => navigate('/ownership-transfer')}
                >
                  <ArrowRightLeft aria-hidden="true" className="size-4" />
                  Ownership Transfer
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Item className={DANGER_ITEM} onSelect={() => setDialog('logout')}>
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </DropdownMenu.Item>
            </div>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <AccountSettingsModal open={dialog === 'settings'} onClose={closeDialog} />
      <LogoutDialog open={dialog === 'logout'} onClose={closeDialog} />
    </div>
  );
}

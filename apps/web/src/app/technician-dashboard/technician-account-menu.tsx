import { ROLE_LABELS } from '@karya/domain/roles';
import { fullName } from '@karya/domain/user';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { AccountSettingsModal } from '../../features/account/account-settings-modal';
import { LogoutDialog } from '../../features/auth/logout-dialog';
import { useSessionUser } from '../../lib/use-session-user';
import { ACCOUNT_MENU_LABEL, AVATAR_BUTTON, AvatarBadge } from './technician-top-bar';

const ITEM =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2.5 text-sm outline-none';

/**
 * Spec 2 §2: the avatar menu (name, role, Settings, Logout with its confirmation). Its own
 * chunk with the menu, dialog and form libraries it needs, fetched at the first tap on the
 * avatar (issue 17), which then opens it at once.
 */
export function TechnicianAccountMenu() {
  const user = useSessionUser();
  const [dialog, setDialog] = useState<'settings' | 'logout' | null>(null);
  const name = fullName(user);
  return (
    <>
      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable. */}
      <DropdownMenu.Root modal={false} defaultOpen>
        <DropdownMenu.Trigger aria-label={ACCOUNT_MENU_LABEL} className={AVATAR_BUTTON}>
          <AvatarBadge />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-800"
          >
            <div className="border-b border-slate-100 px-2.5 pt-1 pb-2.5 dark:border-slate-700">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-50">
                {name}
              </p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                {ROLE_LABELS[user.role]}
              </p>
            </div>
            <div className="pt-1.5">
              <DropdownMenu.Item
                className={`${ITEM} text-slate-700 data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-700`}
                onSelect={() => setDialog('settings')}
              >
                <Settings aria-hidden="true" className="size-4" />
                Settings
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={`${ITEM} text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950`}
                onSelect={() => setDialog('logout')}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </DropdownMenu.Item>
            </div>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AccountSettingsModal open={dialog === 'settings'} onClose={() => setDialog(null)} />
      <LogoutDialog open={dialog === 'logout'} onClose={() => setDialog(null)} />
    </>
  );
}

import { ROLE_LABELS } from '@karya/domain/roles';
import { fullName, initials } from '@karya/domain/user';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Moon, RefreshCw, Settings, Sun } from 'lucide-react';
import { useState } from 'react';
import { cx } from '../../lib/class-names';
import { AccountSettingsModal } from '../account/account-settings-modal';
import { LogoutDialog } from '../auth/logout-dialog';
import { useSessionUser } from '../auth/use-session-user';

const ICON_BUTTON =
  'flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800';
const ITEM =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2.5 text-sm outline-none';

export interface TechnicianTopBarProps {
  theme: 'dark' | 'light';
  onToggleTheme: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * Technicians have no app header (spec 1 §2.3); this is theirs (spec 2 §2): the avatar menu
 * with name, role, Settings and Logout, a refresh button and the theme toggle.
 */
export function TechnicianTopBar({
  theme,
  onToggleTheme,
  onRefresh,
  refreshing,
}: TechnicianTopBarProps) {
  const user = useSessionUser();
  const [dialog, setDialog] = useState<'settings' | 'logout' | null>(null);
  const name = fullName(user);
  const dark = theme === 'dark';

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-2 px-3 sm:px-4">
        <div className="flex min-w-0 items-center gap-2">
          <img src="/karya.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
          <h1 className="truncate text-sm font-semibold min-[400px]:text-base text-slate-900 dark:text-slate-50">
            Technician Dashboard
          </h1>
        </div>
        <div className="flex shrink-0 items-center">
          <button
            type="button"
            className={ICON_BUTTON}
            onClick={onRefresh}
            disabled={refreshing}
            aria-label="Refresh"
            title="Refresh"
          >
            <RefreshCw aria-hidden="true" className={cx('size-5', refreshing && 'animate-spin')} />
          </button>
          <button
            type="button"
            className={ICON_BUTTON}
            onClick={onToggleTheme}
            aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
            aria-pressed={dark}
            title={dark ? 'Light theme' : 'Dark theme'}
          >
            {dark ? (
              <Sun aria-hidden="true" className="size-5" />
            ) : (
              <Moon aria-hidden="true" className="size-5" />
            )}
          </button>
          {/* Not modal: a modal menu that opens a dialog can leave the page unclickable. */}
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              // Not 'User menu': that name belongs to the desk header technicians never get.
              aria-label="Account menu"
              className="flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
              >
                {initials(user.firstName, user.lastName)}
              </span>
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
        </div>
      </div>
      <AccountSettingsModal open={dialog === 'settings'} onClose={() => setDialog(null)} />
      <LogoutDialog open={dialog === 'logout'} onClose={() => setDialog(null)} />
    </header>
  );
}

import { initials } from '@karya/domain/user';
import { Moon, RefreshCw, Sun } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cx } from '../../lib/class-names';
import { useSessionUser } from '../../lib/use-session-user';

const ICON_BUTTON =
  'flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800';
/** The avatar button's own look, shared by the menu's trigger once it has loaded. */
export const AVATAR_BUTTON =
  'flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-blue-600';
// Not 'User menu': that name belongs to the desk header technicians never get.
export const ACCOUNT_MENU_LABEL = 'Account menu';

/** The menu with its menu, dialog and form libraries: fetched at the first tap (issue 17). */
const TechnicianAccountMenu = lazy(() =>
  import('./technician-account-menu').then((module) => ({
    default: module.TechnicianAccountMenu,
  })),
);

/** The signed-in technician's initials in a blue disc. */
export function AvatarBadge() {
  const user = useSessionUser();
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
    >
      {initials(user.firstName, user.lastName)}
    </span>
  );
}

/** The avatar until the menu's chunk is there: a tap fetches it and opens the menu. */
function AvatarButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      aria-label={ACCOUNT_MENU_LABEL}
      aria-haspopup="menu"
      className={AVATAR_BUTTON}
      onClick={onOpen}
    >
      <AvatarBadge />
    </button>
  );
}

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
  const [menuWanted, setMenuWanted] = useState(false);
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
          <Suspense fallback={<AvatarButton onOpen={() => setMenuWanted(true)} />}>
            {menuWanted ? (
              <TechnicianAccountMenu />
            ) : (
              <AvatarButton onOpen={() => setMenuWanted(true)} />
            )}
          </Suspense>
        </div>
      </div>
    </header>
  );
}

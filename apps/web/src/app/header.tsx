import { Menu } from 'lucide-react';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export function Header({ menuOpen, onOpenMenu }: HeaderProps) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        aria-label="Open menu"
        aria-controls={SIDEBAR_ID}
        aria-expanded={menuOpen}
        onClick={onOpenMenu}
        className="-ml-1.5 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <div className="ml-auto min-w-0">
        <UserMenu />
      </div>
    </header>
  );
}

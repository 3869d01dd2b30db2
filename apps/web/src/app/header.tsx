import { Menu } from 'lucide-react';
import { WhatsAppUnreadBadge } from '../features/whatsapp-conversations/unread-badge';
import { useSessionUser } from '../lib/use-session-user';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** Whether the desk shows WhatsApp conversations (a manager with full access, an admin). */
  conversations: boolean;
}

export function Header({ menuOpen, onOpenMenu, conversations }: HeaderProps) {
  const user = useSessionUser();
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
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {conversations && user.role !== 'technician' ? <WhatsAppUnreadBadge /> : null}
        <UserMenu />
      </div>
    </header>
  );
}

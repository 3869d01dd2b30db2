import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadCount } from './api';

/**
 * The header's WhatsApp badge (issue 40): new messages customers wrote, for the manager's
 * branch (an admin: every branch). A 'whatsapp' live event refetches it. It opens the contact
 * book, where a contact who just wrote is at the top.
 */
export function WhatsAppUnreadBadge() {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const label =
    unread === 0
      ? 'No unread WhatsApp messages'
      : `${unread} unread WhatsApp message${unread === 1 ? '' : 's'}`;
  return (
    <Link
      to="/contacts"
      aria-label={label}
      title={label}
      className="relative inline-flex items-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
    >
      <MessageCircle aria-hidden="true" className="size-6" />
      {unread > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-emerald-600 px-1 text-center text-xs leading-5 font-semibold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

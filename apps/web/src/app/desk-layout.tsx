import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLiveEvents } from '../features/live-events/use-live-events';
import { useManagerStatus } from '../features/ownership/api/get-manager-status';
import { ManagerAccessGate } from '../features/ownership/manager-access-gate';
import { scheduleKeys } from '../features/schedule/api/schedule-keys';
import { conversationKeys } from '../features/whatsapp-conversations/api';
import { WhatsAppThread } from '../features/whatsapp-conversations/whatsapp-thread';
import { workOrderKeys } from '../features/work-orders/api/work-order-keys';
import { useSessionUser } from '../lib/use-session-user';
import { ConversationSlotContext } from '../shared/conversation-slot';
import { type QuotationsSlot, QuotationsSlotContext } from '../shared/quotations-slot';
import { Header } from './header';
import { preloadDeskScreensWhenIdle } from './route-table';
import { Sidebar } from './sidebar';

/**
 * What a live event refetches: the schedule board, Pending Work Orders and Projects, and the
 * WhatsApp badge and open thread (a customer wrote).
 */
const LIVE_QUERY_KEYS = [scheduleKeys.all, workOrderKeys.all, conversationKeys.all] as const;

/** The thread Customer / Lead Details and Project Details draw (shared/conversation-slot). */
const CONVERSATION_SLOT = { Thread: WhatsAppThread };

/** A contact's quotations (issue 35), loaded when a Lead or Customer Details first shows them. */
const LazyContactQuotations = lazy(() =>
  import('../features/quotations/contact-quotations-section').then((module) => ({
    default: module.ContactQuotationsSection,
  })),
);
const QUOTATIONS_SLOT: QuotationsSlot = {
  ContactQuotations: (props) => (
    <Suspense fallback={null}>
      <LazyContactQuotations {...props} />
    </Suspense>
  ),
};

/**
 * Spec 1 §2.3: sidebar and header for admins and managers (technicians get neither: see
 * app-layout.tsx). Its own chunk, with the menus, dialogs and account forms it opens.
 */
export function DeskLayout() {
  const user = useSessionUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // The gate reads the same query: the menu follows the server's word, not the login's.
  const managerStatus = useManagerStatus(user.role === 'manager');
  const access = managerStatus.data?.activeManagerStatus ?? user.activeManagerStatus;
  const fullMenu = user.role !== 'manager' || access === 'active';
  // Every desk screen stays live (issue 34); a manager waiting for access has none to show.
  useLiveEvents(LIVE_QUERY_KEYS, user.role !== 'technician' && fullMenu);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once a session, not per screen
  useEffect(() => preloadDeskScreensWhenIdle(user.role), []);

  // A drawer left open over the next screen would hide it on a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // The shell never shows technicians the desk (app-shell.tsx); this keeps it so.
  if (user.role === 'technician') return <Outlet />;

  return (
    <div className="min-h-dvh bg-slate-50 md:pl-64">
      <Sidebar
        role={user.role}
        fullMenu={fullMenu}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
      />
      <div className="flex min-h-dvh flex-col">
        <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} conversations={fullMenu} />
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <ConversationSlotContext value={CONVERSATION_SLOT}>
            <QuotationsSlotContext value={QUOTATIONS_SLOT}>
              <Outlet />
            </QuotationsSlotContext>
          </ConversationSlotContext>
        </main>
      </div>
      {/* Spec 1 §4: a manager without full access sees the modal that says why. */}
      {user.role === 'manager' ? <ManagerAccessGate /> : null}
    </div>
  );
}

import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../lib/class-names';
import {
  type Notification,
  NotificationContext,
  type NotificationType,
  type Notify,
} from './notification-context';

/** Spec 1 §9. */
export const NOTIFICATION_DURATION_MS = 5000;

const STYLES: Record<NotificationType, { box: string; Icon: typeof Info }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  warning: { box: 'border-yellow-200 bg-yellow-50 text-yellow-800', Icon: TriangleAlert },
  info: { box: 'border-blue-200 bg-blue-50 text-blue-800', Icon: Info },
};

function NotificationItem({
  notification,
  onDismiss,
}: {
  notification: Notification;
  onDismiss: (id: number) => void;
}) {
  const { id, type, message } = notification;
  const { box, Icon } = STYLES[type];

  useEffect(() => {
    const timer = setTimeout(() => onDismiss(id), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, onDismiss]);

  return (
    <div
      role="status"
      data-notification={type}
      className={cx(
        'pointer-events-auto flex w-full items-start gap-2 rounded-lg border px-3 py-2.5 text-sm shadow-lg',
        box,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">{message}</p>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => onDismiss(id)}
        className="-m-0.5 rounded p-0.5 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setNotifications((current) => current.filter((item) => item.id !== id));
  }, []);

  // Stable across renders so screens can list it in effect dependencies.
  const notify = useMemo<Notify>(() => {
    const push = (type: NotificationType) => (message: string) => {
      const id = nextId.current++;
      setNotifications((current) => [...current, { id, type, message }]);
    };
    return {
      success: push('success'),
      error: push('error'),
      warning: push('warning'),
      info: push('info'),
    };
  }, []);

  return (
    <NotificationContext.Provider value={notify}>
      {children}
      {/* A direct child of <body> with aria-live is spared the aria-hidden that an open
          modal puts on the rest of the page, so notices stay readable and closable. Placed
          below the header and the page title row, so a notice covers neither the user menu
          nor the page's action buttons (Add Manager, Refresh…). */}
      {createPortal(
        <div
          data-notification-stack=""
          aria-live="polite"
          className="pointer-events-none fixed top-36 right-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
        >
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onDismiss={dismiss}
            />
          ))}
        </div>,
        document.body,
      )}
    </NotificationContext.Provider>
  );
}

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
/** More than this many at once would cover the page: the oldest go first. */
export const MAX_NOTIFICATIONS = 3;

const STYLES: Record<NotificationType, { box: string; Icon: typeof Info }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  warning: { box: 'border-yellow-200 bg-yellow-50 text-yellow-800', Icon: TriangleAlert },
  info: { box: 'border-blue-200 bg-blue-50 text-blue-800', Icon: Info },
};

/**
 * The stack after a notice is raised: a repeat of one on screen counts up and restarts its
 * time instead of stacking; beyond MAX_NOTIFICATIONS the oldest goes.
 */
export function raiseNotification(
  current: readonly Notification[],
  type: NotificationType,
  message: string,
  nextId: () => number,
  now: number,
): Notification[] {
  const same = current.find((item) => item.type === type && item.message === message);
  if (same) {
    return current.map((item) =>
      item === same ? { ...item, count: item.count + 1, raisedAt: now } : item,
    );
  }
  return [...current, { id: nextId(), type, message, count: 1, raisedAt: now }].slice(
    -MAX_NOTIFICATIONS,
  );
}

function NotificationItem({
  notification,
  onDismiss,
}: {
  notification: Notification;
  onDismiss: (id: number) => void;
}) {
  const { id, type, message, count, raisedAt } = notification;
  const { box, Icon } = STYLES[type];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a repeat (new raisedAt) restarts the time
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(id), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, raisedAt, onDismiss]);

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
      {count > 1 ? (
        <span
          role="img"
          aria-label={`${count} times`}
          className="shrink-0 rounded-full bg-white/70 px-1.5 text-xs font-semibold"
        >
          ×{count}
        </span>
      ) : null}
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
      setNotifications((current) =>
        raiseNotification(current, type, message, () => nextId.current++, Date.now()),
      );
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
          modal puts on the rest of the page, so notices stay readable and closable. At the
          bottom (issue 15): at the top they hid the filters and table headings on the desk
          and the top of an open sheet on a phone. On a phone they sit above the technician's
          bottom bar; repeats collapse and at most three show, so they stay a short stack. */}
      {createPortal(
        <div
          data-notification-stack=""
          aria-live="polite"
          className="pointer-events-none fixed right-4 bottom-20 left-4 z-[60] flex flex-col items-end gap-2 sm:bottom-4 sm:left-auto sm:w-96"
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

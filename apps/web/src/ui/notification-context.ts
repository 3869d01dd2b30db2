import { createContext, useContext } from 'react';

/** Spec 1 §3: success, error, warning; any other type is shown as info. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
  /** How many times this very notice was raised while shown: repeats collapse into one. */
  count: number;
  /** When it was last raised: a repeat restarts its time on screen. */
  raisedAt: number;
}

export interface Notify {
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
}

export const NotificationContext = createContext<Notify | null>(null);

/** `const notify = useNotify(); notify.success('Profile updated successfully')`. */
export function useNotify(): Notify {
  const notify = useContext(NotificationContext);
  if (!notify) throw new Error('useNotify must be used within a NotificationProvider');
  return notify;
}

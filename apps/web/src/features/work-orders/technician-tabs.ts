import { useCallback, useState } from 'react';

/** Spec 2 §2: the dashboard's internal tabs, in the spec's order. */
export const TECHNICIAN_TABS = [
  'home',
  'inventory',
  'all-projects',
  'completed',
  'pending-approval-projects',
  'paused-projects',
  'assigned-projects',
  'transferred-projects',
  'current-project',
] as const;
export type TechnicianTab = (typeof TECHNICIAN_TABS)[number];

/** Spec 2 §9: the session key of the remembered tab. */
export const ACTIVE_TAB_STORAGE_KEY = 'technicianDashboardActiveTab';

function isTab(value: string | null): value is TechnicianTab {
  return value !== null && (TECHNICIAN_TABS as readonly string[]).includes(value);
}

function readStoredTab(): TechnicianTab {
  try {
    const stored = window.sessionStorage.getItem(ACTIVE_TAB_STORAGE_KEY);
    return isTab(stored) ? stored : 'home';
  } catch {
    return 'home';
  }
}

/** The open tab, remembered for the browser session; home by default. */
export function useActiveTab() {
  const [tab, setTabState] = useState<TechnicianTab>(readStoredTab);
  const setTab = useCallback((next: TechnicianTab) => {
    setTabState(next);
    try {
      window.sessionStorage.setItem(ACTIVE_TAB_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the tab is simply not remembered.
    }
    window.scrollTo({ top: 0 });
  }, []);
  return [tab, setTab] as const;
}

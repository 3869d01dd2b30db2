import { useCallback, useEffect, useState } from 'react';

/** Spec 2 §9: the local key of the technician dashboard's theme, 'dark' or 'light'. */
export const THEME_STORAGE_KEY = 'technicianDashboardTheme';
export type DashboardTheme = 'dark' | 'light';

function readStoredTheme(): DashboardTheme {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * The dashboard's dark/light theme, remembered. The class goes on <html> so that dialogs,
 * which render in a portal outside the dashboard, follow it too; it is removed when the
 * dashboard closes so the other screens stay as they are.
 */
export function useDashboardTheme() {
  const [theme, setTheme] = useState<DashboardTheme>(readStoredTheme);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    return () => {
      root.classList.remove('dark');
      root.style.colorScheme = '';
    };
  }, [theme]);

  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Without storage the choice lasts until the page is left.
      }
      return next;
    });
  }, []);

  return { theme, toggle };
}

import { RotateCw } from 'lucide-react';

export const UPDATE_NOTICE_TEXT = 'A new version is ready';

/**
 * Issue 20: a new version of the app is installed and waits. A small bar at the bottom of the
 * screen that blocks nothing: the technician finishes what they are doing and presses Reload
 * when it suits them (the waiting service worker then takes over and the page reloads).
 */
export function UpdateNotice({ onReload }: { onReload: () => void }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-3 sm:bottom-4">
      <div
        role="status"
        className="pointer-events-auto flex items-center gap-3 rounded-lg border border-blue-200 bg-white px-3 py-2 text-sm text-slate-800 shadow-lg dark:border-blue-900 dark:bg-slate-900 dark:text-slate-100"
      >
        <p>{UPDATE_NOTICE_TEXT} —</p>
        <button
          type="button"
          onClick={onReload}
          className="inline-flex items-center gap-1 rounded-md bg-blue-700 px-2.5 py-1 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Reload
        </button>
      </div>
    </div>
  );
}

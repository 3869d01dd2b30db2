import { RotateCw } from 'lucide-react';
import { Button } from '../ui/button';

/**
 * Last resort for a screen that crashed or whose script chunk failed to load (typically a
 * new release replaced it): a reload fetches the current files.
 */
export function RouteError() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">
        This page could not be shown. Reloading usually fixes it.
      </p>
      <Button
        className="mt-6"
        icon={<RotateCw aria-hidden="true" className="size-4" />}
        onClick={() => window.location.reload()}
      >
        Reload
      </Button>
    </main>
  );
}

import { RefreshCw } from 'lucide-react';
import { Button } from './button';

/** A page header's Refresh: fetches the screen's data again, spinning while it does. */
export function RefreshButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Button
      variant="secondary"
      onClick={onClick}
      loading={loading}
      icon={<RefreshCw aria-hidden="true" className="size-4" />}
    >
      Refresh
    </Button>
  );
}

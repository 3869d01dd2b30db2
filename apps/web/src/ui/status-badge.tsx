import { StatusPill } from './status-pill';

/** Green when active, red otherwise (spec 1 §2.8). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <StatusPill tone={status === 'active' ? 'green' : 'red'} className="capitalize">
      {status || 'inactive'}
    </StatusPill>
  );
}

import { type PillTone, StatusPill } from '../../ui/status-pill';
import { replacementStatusLabel } from './warranty-display';

const TONES: Record<string, PillTone> = { pending: 'yellow', approved: 'blue', replaced: 'green' };

/** Spec 2 §4: any status but these three is shown red. */
export function ReplacementStatusPill({ status }: { status: string }) {
  return <StatusPill tone={TONES[status] ?? 'red'}>{replacementStatusLabel(status)}</StatusPill>;
}

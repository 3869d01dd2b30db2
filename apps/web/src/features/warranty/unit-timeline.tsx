import { formatDate, formatDateTime } from '@karya/domain/format';
import type { UnitEvent } from '@karya/domain/warranty-schemas';
import {
  ArrowRightLeft,
  Circle,
  type LucideIcon,
  PackageCheck,
  PackagePlus,
  PackageX,
  Receipt,
  Repeat,
  TriangleAlert,
  Undo2,
  Wrench,
} from 'lucide-react';

/** The event kinds of the unit record (warranty-schemas `unitEventSchema.kind`). */
const KIND_ICONS: Record<string, LucideIcon> = {
  'stock-in': PackagePlus,
  assigned: ArrowRightLeft,
  returned: Undo2,
  confirmed: PackageCheck,
  billed: Receipt,
  faulty: PackageX,
  replacement: Repeat,
  'warranty-issue': TriangleAlert,
  complaint: Wrench,
};

/** Oldest first: the unit's life as it happened, from stock in to today. */
export function orderedEvents(events: readonly UnitEvent[]): UnitEvent[] {
  return [...events].sort((a, b) => a.at.localeCompare(b.at));
}

export function UnitTimeline({ events }: { events: readonly UnitEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No events recorded</p>;
  return (
    <ol aria-label="Timeline" className="relative space-y-4 border-l border-slate-200 pl-6">
      {orderedEvents(events).map((event) => {
        const Icon = KIND_ICONS[event.kind] ?? Circle;
        return (
          <li key={`${event.at}-${event.kind}-${event.title}-${event.detail}`} className="relative">
            <span className="absolute top-0 -left-[2.1rem] flex size-7 items-center justify-center rounded-full border border-slate-200 bg-white text-blue-600">
              <Icon aria-hidden="true" className="size-3.5" />
            </span>
            <p className="text-sm font-medium text-slate-900">{event.title}</p>
            {event.detail ? (
              <p className="text-sm break-words text-slate-600">{event.detail}</p>
            ) : null}
            <p className="text-xs text-slate-500">
              {event.dateOnly ? formatDate(event.at) : formatDateTime(event.at)}
              {event.by ? ` · ${event.by}` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

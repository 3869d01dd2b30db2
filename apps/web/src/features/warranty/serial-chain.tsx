import type { Replacement } from '@karya/domain/warranty-schemas';
import { ArrowRight } from 'lucide-react';
import { SerialLink } from '../../ui/serial-link';
import { chainOf } from './warranty-display';

/** Original → replacement → its replacement, each a link to its unit record. */
export function SerialChain({ record }: { record: Replacement }) {
  const chain = chainOf(record);
  return (
    <ol aria-label="Chain of serial numbers" className="flex flex-wrap items-center gap-2">
      {chain.map((serial, index) => (
        <li key={serial} className="flex items-center gap-2">
          {index > 0 ? (
            <>
              <ArrowRight aria-hidden="true" className="size-4 text-slate-400" />
              <span className="sr-only">replaced by</span>
            </>
          ) : null}
          <span className="rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-1.5 text-sm">
            <SerialLink serial={serial} />
            <span className="block text-xs text-slate-500">
              {serial === record.currentSerialNumber
                ? 'At customer'
                : index === 0
                  ? 'Original · faulty'
                  : 'Replacement · faulty'}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

import { type DayUtilisation, type UtilisationBand, utilisationBand } from '@karya/domain/schedule';
import { cx } from '../../lib/class-names';
import { utilisationText } from './board-layout';

const BAND_TONE: Record<UtilisationBand, string> = {
  under: 'text-amber-700',
  normal: 'text-green-700',
  over: 'text-red-700',
};

/** A technician's day: booked of working minutes in words, the band also as a colour. */
export function UtilisationNote({ day, className }: { day: DayUtilisation; className?: string }) {
  const idle = day.workingMinutes === 0 && day.bookedMinutes === 0;
  return (
    <p
      className={cx(
        'text-xs',
        idle ? 'text-slate-500' : BAND_TONE[utilisationBand(day)],
        className,
      )}
    >
      {utilisationText(day)}
    </p>
  );
}

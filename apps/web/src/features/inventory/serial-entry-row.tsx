import { CircleAlert, CircleCheck, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { SERIAL_CHECK_DELAY_MS, type SerialStatus } from './stock-entry-rules';

/**
 * One serial of a stock entry (quantity fixed at 1). The serial is checked once typing
 * pauses for 500 ms, or at once on Enter, which also moves on to the next row.
 */
export function SerialEntryRow({
  number,
  serial,
  status,
  inputRef,
  onChange,
  onCheck,
  onEnter,
  onRemove,
}: {
  number: number;
  serial: string;
  status: SerialStatus;
  inputRef?: (element: HTMLInputElement | null) => void;
  onChange: (serial: string) => void;
  onCheck: (serial: string) => void;
  onEnter: () => void;
  onRemove: (() => void) | null;
}) {
  useEffect(() => {
    const value = serial.trim();
    if (!value) return;
    const timer = setTimeout(() => onCheck(value), SERIAL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serial, onCheck]);

  const messageId = `serial-${number}-status`;
  return (
    <li className="flex items-start gap-3 py-2">
      <span className="w-6 pt-2.5 text-right text-sm text-slate-400">{number}</span>
      <div className="min-w-0 flex-1">
        <Input
          ref={inputRef}
          value={serial}
          aria-label={`Serial number ${number}`}
          aria-describedby={status.state === 'empty' ? undefined : messageId}
          invalid={status.state === 'invalid'}
          placeholder="Enter or scan serial number"
          autoComplete="off"
          className="font-mono"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (serial.trim()) onCheck(serial.trim());
            onEnter();
          }}
        />
        <SerialStatusLine id={messageId} status={status} />
      </div>
      <span className="w-10 pt-2.5 text-center text-sm text-slate-500" title="Quantity">
        × 1
      </span>
      {onRemove ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-1"
          aria-label={`Remove serial number ${number}`}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={onRemove}
        />
      ) : (
        <span className="w-8" />
      )}
    </li>
  );
}

function SerialStatusLine({ id, status }: { id: string; status: SerialStatus }) {
  if (status.state === 'empty') return null;
  if (status.state === 'checking')
    return (
      <p id={id} className="mt-1 flex items-center gap-1 text-xs text-slate-500">
        <Spinner className="size-3" /> Checking serial number...
      </p>
    );
  const valid = status.state === 'valid';
  const Icon = valid ? CircleCheck : CircleAlert;
  return (
    <p
      id={id}
      className={`mt-1 flex items-center gap-1 text-xs ${valid ? 'text-green-700' : 'text-red-600'}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {status.message}
    </p>
  );
}

import { ScanLine } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { BarcodeScanner, canScanWithCamera } from '../../ui/barcode-scanner';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { Input } from '../../ui/input';

/**
 * A serial number typed (a USB scanner types too, then Enter) or read by the camera where the
 * browser can, as Add Stock and the bill's Scan Barcode do. `trailing` sits beside the
 * field, e.g. the form's Search button.
 */
export function SerialInput({
  label,
  value,
  onChange,
  onScanned,
  error,
  placeholder = 'Enter or scan serial number',
  trailing,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A camera read: the value is final, so the form may act on it at once. */
  onScanned: (value: string) => void;
  error?: string | null | undefined;
  placeholder?: string;
  trailing?: ReactNode;
  autoFocus?: boolean;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [scanning, setScanning] = useState(false);
  const camera = canScanWithCamera();

  return (
    <div className="space-y-2">
      <label
        htmlFor={inputId}
        className="block text-sm font-medium text-slate-700 dark:text-slate-200"
      >
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          value={value}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={placeholder}
          invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="min-w-0 flex-1 basis-48 font-mono dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        {camera && !scanning ? (
          <Button
            variant="secondary"
            className={DARK_SECONDARY}
            icon={<ScanLine aria-hidden="true" className="size-4" />}
            onClick={() => setScanning(true)}
          >
            Scan
          </Button>
        ) : null}
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {scanning ? (
        <BarcodeScanner
          onDetected={(scanned) => {
            setScanning(false);
            onChange(scanned);
            onScanned(scanned);
          }}
          onCancel={() => setScanning(false)}
        />
      ) : null}
    </div>
  );
}

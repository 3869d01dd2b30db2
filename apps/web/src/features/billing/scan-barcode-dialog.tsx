import { Camera, ScanLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../ui/alert';
import { BarcodeScanner, canScanWithCamera } from '../../ui/barcode-scanner';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { Input } from '../../ui/input';

/**
 * Spec 2 §2 'Scan Barcode': a serial typed in, or read by the camera where the browser can.
 * `onSerial` answers null when the serial went on the bill, or the reason it did not.
 */
export function ScanBarcodeDialog({
  open,
  camera,
  onSerial,
  onClose,
}: {
  open: boolean;
  /** The details dialog takes manual entry only (spec 2 §2). */
  camera: boolean;
  onSerial: (serialNumber: string) => string | null;
  onClose: () => void;
}) {
  const inputId = useId();
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  const close = () => {
    setSerial('');
    setError(null);
    setScanning(false);
    onClose();
  };
  const take = (value: string) => {
    const refusal = onSerial(value);
    if (refusal) {
      setSerial(value);
      setError(refusal);
      return;
    }
    close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    take(serial);
  };

  return (
    <BottomSheet
      open={open}
      onClose={close}
      title="Scan Barcode"
      description="Enter the serial number of an item you hold"
      size="sm"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        {error ? <Alert>{error}</Alert> : null}
        <label htmlFor={inputId} className="block text-sm font-medium">
          Serial Number
        </label>
        <Input
          id={inputId}
          value={serial}
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="Enter serial number"
          onChange={(event) => {
            setSerial(event.target.value);
            setError(null);
          }}
          className="dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
        <div className="flex flex-wrap justify-end gap-2">
          {camera && canScanWithCamera() && !scanning ? (
            <Button
              variant="secondary"
              className={DARK_SECONDARY}
              icon={<Camera aria-hidden="true" className="size-4" />}
              onClick={() => setScanning(true)}
            >
              Use Camera
            </Button>
          ) : null}
          <Button type="submit" icon={<ScanLine aria-hidden="true" className="size-4" />}>
            Add Serial
          </Button>
        </div>
        {scanning ? (
          <BarcodeScanner
            onDetected={(value) => {
              setScanning(false);
              take(value);
            }}
            onCancel={() => setScanning(false)}
          />
        ) : null}
      </form>
    </BottomSheet>
  );
}

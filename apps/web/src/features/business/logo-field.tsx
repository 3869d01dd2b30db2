import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { readLogo } from './business-profile-form';

export interface LogoFieldProps {
  value: string | null;
  onChange: (logo: string | null) => void;
  disabled?: boolean;
}

/**
 * The logo printed at the top of invoices: pick a file, see it as it will print, or remove
 * it. A file the server would refuse is refused here with the server's words.
 */
export function LogoField({ value, onChange, disabled = false }: LogoFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file picked again after a removal must fire a change again.
    event.target.value = '';
    if (!file) return;
    const read = await readLogo(file);
    if (read.ok) {
      setProblem(null);
      onChange(read.dataUrl);
    } else setProblem(read.message);
  };

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-slate-700">Logo</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-24 w-48 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50">
          {value ? (
            <img src={value} alt="Business logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-slate-400">No logo</span>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-label="Upload logo"
            aria-describedby={problem ? errorId : hintId}
            disabled={disabled}
            onChange={(event) => void onPick(event)}
          />
          <Button
            variant="secondary"
            size="sm"
            icon={<ImageUp aria-hidden="true" className="size-4" />}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            {value ? 'Change logo' : 'Upload logo'}
          </Button>
          {value ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              Remove logo
            </Button>
          ) : null}
        </div>
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-600">
          {problem}
        </p>
      ) : (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          PNG, JPEG or WebP, at most 200 KB.
        </p>
      )}
    </div>
  );
}

import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { ACCEPT_ATTRIBUTE, MAX_SIZE_TEXT } from './upload-checks';

/**
 * Where the file goes: dropped on the box, or picked with the button (a phone has nothing
 * to drag). The picked file is handed on as it is; the caller checks it.
 */
export function FileDropZone({
  onFile,
  disabled,
}: {
  onFile: (file: File) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <section
      aria-label="Upload the file"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cx(
        'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center',
        over ? 'border-blue-500 bg-blue-50' : 'border-slate-300 bg-slate-50',
        disabled && 'opacity-60',
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-slate-400" />
      <p className="text-sm text-slate-700">
        Drop the filled-in file here, or{' '}
        <label
          htmlFor={inputId}
          className={cx(
            'font-medium text-blue-700 underline',
            disabled ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          choose a file
        </label>
      </p>
      <p className="text-xs text-slate-500">Excel (.xlsx) or CSV, up to {MAX_SIZE_TEXT}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that the same file, fixed and saved again, can be picked once more.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </section>
  );
}

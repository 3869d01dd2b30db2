import { Spinner } from '../../ui/spinner';
import { fileSize } from './upload-checks';

/** While the file goes up, how much has gone; then, while the server reads every row, that. */
export function UploadProgress({ file, fraction }: { file: File; fraction: number }) {
  const percent = Math.round(fraction * 100);
  const sent = fraction >= 1;
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="text-blue-600" />
        {sent
          ? `Checking every row of ${file.name}...`
          : `Uploading ${file.name} (${fileSize(file.size)})... ${percent}%`}
      </p>
      <div
        role="progressbar"
        aria-label="Uploading the file"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={sent ? 'h-full w-full animate-pulse bg-blue-400' : 'h-full bg-blue-600'}
          style={sent ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

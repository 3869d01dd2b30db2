import { formatDateTime } from '@karya/domain/format';
import { type JobPhoto, jobPhotoFilePath, PHOTO_STAGE_LABELS } from '@karya/domain/job-photos';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';
import { Alert } from '../ui/alert';

/** An order's photos (issue 22): the technician adds them, the desk looks at them. */
export const jobPhotosKey = (orderId: string) => ['work-order-photos', orderId] as const;

export function useJobPhotos(orderId: string) {
  return useQuery({
    queryKey: jobPhotosKey(orderId),
    ...CACHE_FIRST,
    queryFn: ({ signal }) =>
      apiRequest<JobPhoto[]>('GET', '/work-order-photos', undefined, {
        query: { orderId },
        signal,
      }),
  });
}

/** The photo's image, through its authorised route (same session cookie as the API). */
export const photoSource = (photo: JobPhoto) => jobPhotoFilePath(photo.id);

/**
 * Thumbnails with stage and caption; each opens the full photo in a new tab. With onRemove
 * (the technician's own in-progress job) each also has a 'Remove' button.
 */
export function PhotoThumbnails({
  photos,
  onRemove,
}: {
  photos: readonly JobPhoto[];
  onRemove?: (photo: JobPhoto) => void;
}) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.map((photo) => {
        const stage = PHOTO_STAGE_LABELS[photo.stage];
        const alt = photo.caption ? `${stage}: ${photo.caption}` : `${stage} photo`;
        return (
          <li key={photo.id} className="min-w-0">
            <a href={photoSource(photo)} target="_blank" rel="noreferrer" className="block">
              <img
                src={photoSource(photo)}
                alt={alt}
                loading="lazy"
                className="aspect-square w-full rounded-md border border-slate-200 object-cover dark:border-slate-700"
              />
            </a>
            <p className="mt-1 truncate text-xs font-medium text-slate-700 dark:text-slate-200">
              {stage}
            </p>
            {photo.caption ? (
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{photo.caption}</p>
            ) : null}
            {onRemove ? (
              <button
                type="button"
                aria-label={`Remove ${alt}`}
                onClick={() => onRemove(photo)}
                className="mt-0.5 py-1.5 pr-3 text-xs font-medium text-red-600 hover:underline dark:text-red-400"
              >
                Remove
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An order's photos as the desk reads them (Project Details, Approve Project). Draws
 * nothing when the order has none, so orders without photos look as before.
 */
export function JobPhotos({ orderId, className }: { orderId: string; className?: string }) {
  const photos = useJobPhotos(orderId);
  if (photos.isError) {
    return <Alert tone="warning">{errorMessage(photos.error, 'Failed to fetch the photos')}</Alert>;
  }
  const list = photos.data ?? [];
  if (list.length === 0) return null;
  const last = list[list.length - 1];
  return (
    <section aria-label="Photos" className={className}>
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Photos</h3>
      <PhotoThumbnails photos={list} />
      {last ? (
        <p className="mt-2 text-xs text-slate-500">
          {list.length} {list.length === 1 ? 'photo' : 'photos'} · last{' '}
          {last.takenByName ? `by ${last.takenByName} ` : ''}at {formatDateTime(last.takenAt)}
        </p>
      ) : null}
    </section>
  );
}

import {
  type JobPhoto,
  PHOTO_CAPTION_MAX_LENGTH,
  PHOTO_MESSAGES,
  PHOTO_STAGE_LABELS,
  PHOTO_STAGES,
  type PhotoStage,
} from '@karya/domain/job-photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { jobPhotosKey, PhotoThumbnails, useJobPhotos } from '../../shared/job-photos';
import { useActionQueue } from '../../shared/queued-actions';
import { QUEUE_TEXT } from '../../shared/queued-actions-notice';
import { shrinkPhoto } from '../../shared/shrink-photo';
import { useOnline } from '../../shared/use-online';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Panel } from '../../ui/dashboard-panels';
import { useNotify } from '../../ui/notification-context';

const FIELD =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/**
 * POST /work-order-photos: the shrunk photo with its stage and caption, sent with an
 * Idempotency-Key or, with no signal, kept on the phone (the Blob in IndexedDB) behind the
 * job's other actions and sent when the signal returns (decision 032). Online, the answer is
 * the order's photos.
 */
function useAddPhoto(orderId: string) {
  const queryClient = useQueryClient();
  const queue = useActionQueue();
  return useMutation({
    // Run with no network too: the queue decides between sending and waiting.
    networkMode: 'always',
    mutationFn: async (input: { file: File; stage: PhotoStage; caption: string }) => {
      const file = await shrinkPhoto(input.file);
      const stage = PHOTO_STAGE_LABELS[input.stage];
      return queue.send<JobPhoto[]>({
        orderId,
        label: input.caption ? `${stage} photo: ${input.caption}` : `${stage} photo`,
        method: 'POST',
        path: '/work-order-photos',
        body: { orderId, stage: input.stage, caption: input.caption, file },
      });
    },
    onSuccess: (result) => {
      if (!result.queued) queryClient.setQueryData(jobPhotosKey(orderId), result.answer);
    },
  });
}

/**
 * DELETE /work-order-photos: takes back a photo (blurred, the wrong wall) while the job is
 * in progress. It needs a signal: a removal is not queued, so what the manager sees is never
 * a photo the phone has already hidden.
 */
function useRemovePhoto(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: JobPhoto) =>
      apiRequest<JobPhoto[]>('DELETE', '/work-order-photos', { photoId: photo.id }),
    onSuccess: (photos) => queryClient.setQueryData(jobPhotosKey(orderId), photos),
  });
}

/**
 * The current project's photos (issue 22): before / during / after pictures from the
 * camera with a caption, added while the project is in progress; the manager sees them on
 * the project details and when approving.
 */
export function PhotosPanel({ orderId, inProgress }: { orderId: string; inProgress: boolean }) {
  const photos = useJobPhotos(orderId);
  const add = useAddPhoto(orderId);
  const remove = useRemovePhoto(orderId);
  const online = useOnline();
  const [removing, setRemoving] = useState<JobPhoto | null>(null);
  const notify = useNotify();
  const [stage, setStage] = useState<PhotoStage>('before');
  const [caption, setCaption] = useState('');
  const ids = useId();
  const list = photos.data ?? [];
  if (!inProgress && list.length === 0) return null;

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const result = await add.mutateAsync({ file, stage, caption: caption.trim() });
      setCaption('');
      if (result.queued) notify.info(QUEUE_TEXT.queued);
      else notify.success(PHOTO_MESSAGES.photoAdded);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to add the photo'));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
      notify.success(PHOTO_MESSAGES.photoRemoved);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to remove the photo'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Panel aria-labelledby={`${ids}-heading`} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3
          id={`${ids}-heading`}
          className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-50"
        >
          <Camera aria-hidden="true" className="size-4 text-blue-600 dark:text-blue-400" />
          Photos
        </h3>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {list.length} {list.length === 1 ? 'photo' : 'photos'}
        </span>
      </div>
      {list.length > 0 ? (
        <PhotoThumbnails photos={list} onRemove={inProgress && online ? setRemoving : undefined} />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove photo"
        message="Remove this photo from the job? The manager will no longer see it."
        confirmLabel="Remove photo"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      {inProgress ? (
        <div className="space-y-2">
          <div className="grid grid-cols-[7rem_1fr] gap-2">
            <label className="text-xs text-slate-600 dark:text-slate-300">
              Stage
              <select
                value={stage}
                onChange={(event) => setStage(event.target.value as PhotoStage)}
                className={FIELD}
              >
                {PHOTO_STAGES.map((value) => (
                  <option key={value} value={value}>
                    {PHOTO_STAGE_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-xs text-slate-600 dark:text-slate-300">
              Caption
              <input
                value={caption}
                maxLength={PHOTO_CAPTION_MAX_LENGTH}
                onChange={(event) => setCaption(event.target.value)}
                placeholder="e.g. DVR rack before wiring"
                className={FIELD}
              />
            </label>
          </div>
          <label
            aria-disabled={add.isPending}
            className="flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-lg bg-blue-600 text-sm font-medium text-white focus-within:ring-2 focus-within:ring-blue-500/40 hover:bg-blue-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            <Camera aria-hidden="true" className="size-4" />
            {add.isPending ? 'Uploading photo…' : 'Add photo'}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              disabled={add.isPending}
              onChange={(event) => void chosen(event)}
              className="sr-only"
            />
          </label>
        </div>
      ) : null}
    </Panel>
  );
}

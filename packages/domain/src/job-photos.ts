import { z } from 'zod';

/**
 * Job photos (issue 22): the technician's before / during / after pictures of an
 * in-progress order, with a caption; managers see them on the project details.
 */

export const PHOTO_STAGES = ['before', 'during', 'after'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];
export const PHOTO_STAGE_LABELS: Record<PhotoStage, string> = {
  before: 'Before',
  during: 'During',
  after: 'After',
};

/** The phone shrinks a photo to PHOTO_MAX_SIDE before upload; the server takes up to PHOTO_MAX_BYTES. */
export { PHOTO_MAX_SIDE } from './photo-size';
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_CAPTION_MAX_LENGTH = 200;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PHOTO_MESSAGES = {
  fileRequired: 'Please choose a photo',
  tooLarge: `A photo can be at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
  notAnImage: 'The file is not a JPEG, PNG or WebP image',
  unreadable: 'The photo could not be read: it is damaged or incomplete',
  tooManyPixels: 'The photo is too large to open: take it again at a lower resolution',
  invalidStage: 'Stage must be Before, During or After',
  captionTooLong: `A caption can be at most ${PHOTO_CAPTION_MAX_LENGTH} characters`,
  invalidProject: 'Invalid project data',
  notInProgress: 'Photos can be added only while the project is in progress',
  removeNotInProgress: 'Photos can be removed only while the project is in progress',
  photoNotFound: 'Photo not found',
  photoAdded: 'Photo added',
  photoRemoved: 'Photo removed',
} as const;
const M = PHOTO_MESSAGES;

export const photoStageField = z.enum(PHOTO_STAGES, { error: M.invalidStage });
export const photoCaptionField = z
  .string({ error: M.captionTooLong })
  .trim()
  .max(PHOTO_CAPTION_MAX_LENGTH, M.captionTooLong);

export const jobPhotoSchema = z.object({
  id: z.string(),
  stage: photoStageField,
  caption: z.string(),
  contentType: z.string(),
  size: z.number(),
  takenBy: z.string().nullable(),
  takenByName: z.string().nullable(),
  takenAt: z.string(),
});
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

/** DELETE /api/work-order-photos: the technician takes back a photo of their in-progress order. */
export const removeJobPhotoInput = z.object({
  photoId: z.string({ error: M.photoNotFound }).trim().min(1, M.photoNotFound),
});
export type RemoveJobPhotoInput = z.infer<typeof removeJobPhotoInput>;

/** Where a photo's bytes are read from (the route checks who asks). */
export const jobPhotoFilePath = (photoId: string) => `/api/job-photos/${photoId}/file`;

import { PHOTO_MAX_SIDE } from '@karya/domain/photo-size';

/** Longest side after shrinking: never enlarged, never over PHOTO_MAX_SIDE. */
export function shrunkSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The camera's photo re-drawn at most PHOTO_MAX_SIDE px on its longest side and encoded as
 * JPEG, so a job's photos upload on a weak signal (a phone's 12 MP shot is 3–6 MB; this is
 * a few hundred kB). The server checks the bytes again either way.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = shrunkSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This phone cannot prepare the photo');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This phone cannot prepare the photo'))),
      'image/jpeg',
      0.85,
    ),
  );
}

/**
 * How large a photo the phone uploads, apart from job-photos' schemas so that a customer's
 * public page (the unit's sticker, issue 37) shrinks a photo without loading zod.
 */

/** The phone shrinks a photo to this before upload, on its longest side. */
export const PHOTO_MAX_SIDE = 1600;

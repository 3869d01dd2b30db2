/**
 * The job-photos module (issue 22): app.ts registers its routes with the file storage; the
 * service report lists an order's photos and reads one's file (its caller decides who asks);
 * a complaint from a unit's sticker keeps the customer's photo as its order's (issue 37).
 */
export { findPhotoFile, insertPhotoRow, listPhotoRows } from './job-photos.queries';
export { jobPhotosRoutes } from './job-photos.routes';

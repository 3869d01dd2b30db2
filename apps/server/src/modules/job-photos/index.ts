/**
 * The job-photos module (issue 22): app.ts registers its routes with the file storage; the
 * service report lists an order's photos and reads one's file (its caller decides who asks).
 */
export { findPhotoFile, listPhotoRows } from './job-photos.queries';
export { jobPhotosRoutes } from './job-photos.routes';

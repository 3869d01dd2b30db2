/** The job-photos module (issue 22): app.ts registers its routes with the file storage. */
export { jobPhotosRoutes } from './job-photos.routes';

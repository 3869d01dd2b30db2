/**
 * The job-signatures module (issue 22, decision 033): app.ts registers its routes with the
 * file storage and hands its completion rule to the work-orders routes.
 */
export { jobSignaturesRoutes } from './job-signatures.routes';
export { signatureRefusal } from './job-signatures.service';

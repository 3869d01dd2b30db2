/**
 * Imports (issue 36): the routes, and the worker that commits imports in every process. A
 * kind is its definition in packages/domain/src/import-kinds/ and its writer in kind-<kind>.ts (kind-writers.ts lists them).
 */
export { importWorkerOf } from './import-worker';
export { importsRoutes } from './imports.routes';

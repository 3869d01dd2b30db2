export { exportsRoutes } from './exports.routes';

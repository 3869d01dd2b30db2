/**
 * The owner's reports (issue 38): sales and collections, technician productivity, work and
 * stock, each over India days (reports-range.ts) and downloadable as CSV or XLSX
 * (report-file.ts). app.ts registers each report's routes from here.
 */
export { salesReportRoutes } from './sales.routes';
export { stockReportRoutes } from './stock.routes';
export { techniciansReportRoutes } from './technicians.routes';
export { workReportRoutes } from './work.routes';

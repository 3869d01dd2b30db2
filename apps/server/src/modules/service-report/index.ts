/**
 * The service-report module (issue 22, decision 034): app.ts registers its staff route; the
 * job-status module serves the customer's copy and its files through the status link.
 */
export { serviceReportRoutes } from './service-report.routes';
export {
  type ReportFile,
  reportOfOrder,
  reportPhotoFile,
  reportSignatureFile,
  tokenFileUrls,
} from './service-report.service';

/**
 * The quotations module (issue 35, decision 049): the desk's quotes, the customer's page and
 * the planned items of the orders accepted quotes opened. Nothing imports it but the app.
 */
export { type QuotationsConfig, quotationsRoutes } from './quotations.routes';

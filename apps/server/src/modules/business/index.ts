/** The business module as other modules see it: the profile invoices print, the GST slabs. */
export { listActiveGstRateBps } from './business.queries';
export { getBusinessProfile, listGstRates } from './business.service';

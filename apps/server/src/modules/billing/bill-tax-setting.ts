import type { BillTaxSetting } from '@karya/domain/bill-schemas';
import { invoiceKindOf } from '@karya/domain/gst';
import { type Scope, technicianOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { findBranchTaxIdentity } from '../branches';
import { getBusinessProfile } from '../business';
import { supplierStateOf } from './bill-tax';

/**
 * GET /api/bill-tax-setting (issue 20, decision 028): what the technician's phone needs to
 * work out a bill's GST with no signal as create-bill would — whether the branch issues tax
 * invoices and the state it supplies from. Kept in the phone's cache beside the van stock.
 */
export async function billTaxSetting(db: Database, scope: Scope): Promise<BillTaxSetting> {
  technicianOf(scope);
  if (scope.kind !== 'own') throw new Error('unreachable: technicianOf checked the scope');
  const business = await getBusinessProfile(db);
  const branch = scope.branchId ? await findBranchTaxIdentity(db, scope.branchId) : null;
  return {
    invoiceKind: invoiceKindOf({
      businessGstRegistered: business.gstRegistered,
      branchGstin: branch?.gstin ?? null,
    }),
    supplierStateCode: branch ? supplierStateOf(branch) : null,
  };
}

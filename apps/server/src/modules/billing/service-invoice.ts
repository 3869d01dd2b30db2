import type { InvoiceKind } from '@karya/domain/gst';
import type { InvoiceRecipient, InvoiceSupplier } from '@karya/domain/invoice-schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers } from '../../db/schema';
import { findBranchTaxIdentity } from '../branches';
import { getBusinessProfile } from '../business';
import { taxBill } from './bill-tax';
import {
  type IssueContext,
  nextInvoiceNumber,
  recipientSnapshot,
  supplierSnapshot,
  taxSettingOf,
} from './invoice-issue';

/**
 * An invoice for a service sold without a work order: a maintenance contract (issue 23,
 * decision 035). The same rules as a bill's (decision 020): the business and branch as
 * supplier, the customer's state as the place of supply, CGST + SGST or IGST, rounded to the
 * rupee, numbered next in the branch's financial-year series, all in the caller's transaction.
 */
export interface ServiceInvoiceRequest {
  branchId: string;
  customerId: string;
  amountPaise: number;
  gstRateBp: number;
  priceIncludesTax: boolean;
  at: Date;
}

export interface IssuedServiceInvoice {
  invoiceNumber: string;
  invoiceDate: string;
  financialYear: number;
  invoiceKind: InvoiceKind;
  placeOfSupply: string | null;
  supplier: InvoiceSupplier;
  recipient: InvoiceRecipient;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
  totalPaise: number;
}

export async function issueServiceInvoice(
  tx: Tx,
  request: ServiceInvoiceRequest,
): Promise<IssuedServiceInvoice> {
  const business = await getBusinessProfile(tx);
  const branch = await findBranchTaxIdentity(tx, request.branchId);
  if (!branch) throw new Error(`branch ${request.branchId} not found`);
  const [customer] = await tx
    .select({
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      customerAddress: customers.address,
      customerStateCode: customers.stateCode,
      customerGstin: customers.gstin,
    })
    .from(customers)
    .where(eq(customers.id, request.customerId))
    .limit(1);
  if (!customer) throw new Error(`customer ${request.customerId} not found`);
  const context: IssueContext = {
    business,
    branch,
    recipient: { ...customer, siteAddress: null, siteStateCode: null },
  };
  const taxing = taxBill(taxSettingOf(context), [
    {
      amountPaise: request.amountPaise,
      gstRateBp: request.gstRateBp,
      priceIncludesTax: request.priceIncludesTax,
    },
  ]);
  const issued = await nextInvoiceNumber(tx, request.branchId, request.at);
  return {
    invoiceNumber: issued.number,
    invoiceDate: issued.date,
    financialYear: issued.financialYear,
    invoiceKind: taxing.kind,
    placeOfSupply: taxing.placeOfSupply,
    supplier: supplierSnapshot(context),
    recipient: recipientSnapshot(context, taxing.placeOfSupply),
    ...taxing.totals,
  };
}

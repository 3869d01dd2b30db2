import { basisPointsToPercent, formatRate } from '@karya/domain/gst';
import {
  type BusinessProfile,
  type BusinessProfileInput,
  type GstRate,
  TALLY_LEDGER_DEFAULTS,
} from '@karya/domain/invoice-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database, Tx } from '../../db/client';
import {
  type BusinessProfileRow,
  findBusinessProfileRow,
  listActiveGstRateBps,
  upsertBusinessProfile,
} from './business.queries';

const EMPTY_PROFILE: BusinessProfile = {
  legalName: '',
  tradeName: '',
  logo: null,
  address: '',
  phone: '',
  email: '',
  gstRegistered: false,
  quoteTerms: '',
  ...TALLY_LEDGER_DEFAULTS,
  updatedAt: null,
};

function toBusinessProfile(row: BusinessProfileRow | null): BusinessProfile {
  if (!row) return EMPTY_PROFILE;
  return {
    legalName: row.legalName,
    tradeName: row.tradeName,
    logo: row.logo,
    address: row.address,
    phone: row.phone,
    email: row.email,
    gstRegistered: row.gstRegistered,
    quoteTerms: row.quoteTerms,
    tallySalesLedger: row.tallySalesLedger,
    tallyCgstLedger: row.tallyCgstLedger,
    tallySgstLedger: row.tallySgstLedger,
    tallyIgstLedger: row.tallyIgstLedger,
    tallyRoundOffLedger: row.tallyRoundOffLedger,
    tallyCashLedger: row.tallyCashLedger,
    tallyBankLedger: row.tallyBankLedger,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The business as invoices print it; empty (and updatedAt null) until an admin saves it. */
export async function getBusinessProfile(db: Database | Tx): Promise<BusinessProfile> {
  return toBusinessProfile(await findBusinessProfileRow(db));
}

/** What changed, for the audit trail: a logo is hundreds of KB, so only whether it changed. */
function changesOf(before: BusinessProfile, after: BusinessProfileInput) {
  const changes: Record<string, unknown> = {};
  for (const key of [
    'legalName',
    'tradeName',
    'address',
    'phone',
    'email',
    'gstRegistered',
    'quoteTerms',
    ...(Object.keys(TALLY_LEDGER_DEFAULTS) as (keyof typeof TALLY_LEDGER_DEFAULTS)[]),
  ] as const)
    if (after[key] !== undefined && before[key] !== after[key]) changes[key] = after[key];
  if (before.logo !== after.logo)
    changes.logo = after.logo === null ? 'removed' : before.logo === null ? 'added' : 'replaced';
  return changes;
}

export async function saveBusinessProfile(
  db: Database,
  actor: Actor,
  input: BusinessProfileInput,
): Promise<BusinessProfile> {
  return db.transaction(async (tx) => {
    const before = toBusinessProfile(await findBusinessProfileRow(tx));
    const row = await upsertBusinessProfile(tx, input, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'business-profile.update',
      entityType: 'business_profile',
      summary: `Updated the business profile of ${input.legalName}`,
      changes: changesOf(before, input),
    });
    return toBusinessProfile(row);
  });
}

export function gstRateOf(rateBp: number): GstRate {
  return { rate: basisPointsToPercent(rateBp), label: formatRate(rateBp) };
}

export async function listGstRates(db: Database | Tx): Promise<GstRate[]> {
  return (await listActiveGstRateBps(db)).map(gstRateOf);
}

/**
 * GST state codes (the first two digits of a GSTIN and the 'place of supply' of GSTR-1).
 *
 * Left out on purpose:
 * - '25' Daman and Diu: merged into '26' on 26 January 2020; its taxpayers were re-registered
 *   under '26', so no current GSTIN or place of supply carries '25'.
 * - '28' Andhra Pradesh (before 2014): the state now files under '37'; '28' is no longer issued.
 * - '99' Centre Jurisdiction: not a place where goods are installed.
 */
export const INDIAN_STATES: readonly { code: string; name: string }[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
];

const NAMES: ReadonlyMap<string, string> = new Map(INDIAN_STATES.map((s) => [s.code, s.name]));

export function stateName(code: string | null | undefined): string | null {
  return NAMES.get(code ?? '') ?? null;
}

export function isStateCode(code: string | null | undefined): boolean {
  return NAMES.has(code ?? '');
}

/** '29-Karnataka': how GSTR-1 and the offline tool write a place of supply. Null if unknown. */
export function placeOfSupplyLabel(code: string | null | undefined): string | null {
  const name = stateName(code);
  return name ? `${code}-${name}` : null;
}

/**
 * Where the supply is taxed: goods installed at a site are supplied where they are installed
 * (section 10(1)(d) IGST Act), so the site's state wins; then the customer's address; then,
 * with neither known, the branch's own state (an over-the-counter sale). Unknown codes are
 * skipped rather than trusted, so a bad value never silently turns a sale inter-state.
 */
export function placeOfSupply(input: {
  siteStateCode?: string | null;
  customerStateCode?: string | null;
  branchStateCode?: string | null;
}): string | null {
  for (const code of [input.siteStateCode, input.customerStateCode, input.branchStateCode]) {
    if (isStateCode(code)) return code ?? null;
  }
  return null;
}

/** CGST + SGST when the branch and the place of supply are in the same state, IGST otherwise. */
export function isIntraState(
  branchStateCode: string | null | undefined,
  placeOfSupplyCode: string | null | undefined,
): boolean {
  return isStateCode(branchStateCode) && branchStateCode === placeOfSupplyCode;
}

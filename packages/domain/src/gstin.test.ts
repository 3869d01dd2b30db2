import { describe, expect, it } from 'vitest';
import { GST_MESSAGES } from './gst-messages';
import {
  INDIAN_STATES,
  isIntraState,
  isStateCode,
  placeOfSupply,
  placeOfSupplyLabel,
  stateName,
} from './gst-states';
import { GSTIN_PATTERN, gstinChecksumChar, gstinStateMatches, validateGstin } from './gstin';

/** Published GSTINs of real businesses, each checked against its own check character. */
const VALID = [
  '27AAPFU0939F1ZV',
  '29AAGCB7383J1Z4',
  '33AAACH7409R1Z8',
  '27AAACR5055K1Z7',
  '24AAACC1206D1ZM',
];

describe('GST states', () => {
  it('lists each code once, with the merged territory and Ladakh, without the dead codes', () => {
    const codes = INDIAN_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(stateName('01')).toBe('Jammu and Kashmir');
    expect(stateName('26')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateName('37')).toBe('Andhra Pradesh');
    expect(stateName('38')).toBe('Ladakh');
    expect(stateName('97')).toBe('Other Territory');
    for (const dead of ['25', '28', '99', '00', '1', '']) expect(isStateCode(dead)).toBe(false);
  });

  it('labels a place of supply as GSTR-1 does', () => {
    expect(placeOfSupplyLabel('29')).toBe('29-Karnataka');
    expect(placeOfSupplyLabel('99')).toBeNull();
  });

  it('takes the site state first, then the customer, then the branch; skips unknown codes', () => {
    expect(
      placeOfSupply({ siteStateCode: '29', customerStateCode: '27', branchStateCode: '33' }),
    ).toBe('29');
    expect(
      placeOfSupply({ siteStateCode: null, customerStateCode: '27', branchStateCode: '33' }),
    ).toBe('27');
    expect(placeOfSupply({ siteStateCode: '', branchStateCode: '33' })).toBe('33');
    expect(placeOfSupply({ siteStateCode: '99', branchStateCode: '33' })).toBe('33');
    expect(placeOfSupply({})).toBeNull();
  });

  it('is intra-state only when the branch and the place of supply are the same known state', () => {
    expect(isIntraState('27', '27')).toBe(true);
    expect(isIntraState('27', '29')).toBe(false);
    expect(isIntraState(null, null)).toBe(false);
    expect(isIntraState('99', '99')).toBe(false);
  });
});

describe('GSTIN', () => {
  it.each(VALID)('accepts %s, whose check character is its own', (gstin) => {
    expect(GSTIN_PATTERN.test(gstin)).toBe(true);
    expect(gstinChecksumChar(gstin.slice(0, 14))).toBe(gstin.charAt(14));
    expect(validateGstin(gstin)).toEqual({ ok: true, gstin, stateCode: gstin.slice(0, 2) });
  });

  it('upper-cases and trims what was typed', () => {
    expect(validateGstin('  27aapfu0939f1zv ')).toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
    });
  });

  it('accepts Ladakh and a 14th character other than Z when the check character fits', () => {
    for (const body of ['38AAPFU0939F1Z', '27AAPFU0939F1Y']) {
      const gstin = body + gstinChecksumChar(body);
      expect(validateGstin(gstin)).toMatchObject({ ok: true, gstin });
    }
  });

  it('says the length is wrong before anything else', () => {
    for (const raw of ['', '27AAPFU0939F1Z', '27AAPFU0939F1ZVX'])
      expect(validateGstin(raw)).toEqual({ ok: false, message: GST_MESSAGES.gstinLength });
  });

  it('refuses a wrong shape', () => {
    for (const raw of ['2AAAPFU0939F1ZV', '27AAPF10939F1ZV', '27AAPFU0939F0ZV', '27AAPFU-939F1ZV'])
      expect(validateGstin(raw)).toEqual({ ok: false, message: GST_MESSAGES.gstinFormat });
  });

  it('refuses a state code that is not a state, even with a matching check character', () => {
    for (const state of ['99', '00', '25', '28']) {
      const body = `${state}AAPFU0939F1Z`;
      expect(validateGstin(body + gstinChecksumChar(body))).toEqual({
        ok: false,
        message: GST_MESSAGES.gstinState,
      });
    }
  });

  it('catches a typo: a wrong check character or a changed character', () => {
    expect(validateGstin('27AAPFU0939F1ZW')).toEqual({
      ok: false,
      message: GST_MESSAGES.gstinChecksum,
    });
    expect(validateGstin('27AAPFU0933F1ZV')).toEqual({
      ok: false,
      message: GST_MESSAGES.gstinChecksum,
    });
  });

  it('matches a GSTIN to its state', () => {
    expect(gstinStateMatches('29AAGCB7383J1Z4', '29')).toBe(true);
    expect(gstinStateMatches('29AAGCB7383J1Z4', '27')).toBe(false);
  });
});

import {
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  CONTACT_MESSAGES as DOMAIN_MESSAGES,
  type LeadStatus,
  PROJECT_CATEGORY_LABELS,
  type ProjectCategory,
} from '@karya/domain/contact-schemas';

/**
 * The contacts screens' rules on top of packages/domain (spec 1 §5, §8, §9): the shared
 * messages plus the few only a screen shows.
 */
export const CONTACT_MESSAGES = {
  ...DOMAIN_MESSAGES,
  needsProject: 'Customer must have at least one project before filing a complaint',
  noProjects: 'No projects found for this customer',
} as const;

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** The picker's choices, e.g. '+91 India'. */
export const COUNTRY_CODE_OPTIONS = COUNTRY_CODES.map((entry) => ({
  value: entry.code,
  label: `${entry.code} ${entry.label}`,
}));

/** Spec 1 §9: the remark banner's life and the pause before a new lead's form closes. */
export const REMARK_BANNER_MS = 3000;
export const LEAD_ADDED_DELAY_MS = 1500;

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Split a stored or typed number ('+919876543210', '+91 98765 43210', '9876543210') into
 * a known country code and the remaining digits, for the picker and its input.
 */
export function splitPhone(value: string | null | undefined): { code: string; digits: string } {
  const raw = (value ?? '').trim();
  const all = digitsOnly(raw);
  if (raw.startsWith('+')) {
    // Longest code first so that +971 is not read as +9….
    const known = COUNTRY_CODES.map((entry) => entry.code)
      .sort((a, b) => b.length - a.length)
      .find((code) => all.startsWith(code.slice(1)));
    if (known) return { code: known, digits: all.slice(known.length - 1) };
  }
  return { code: DEFAULT_COUNTRY_CODE, digits: all };
}

export function joinPhone(code: string, digits: string): string {
  const clean = digitsOnly(digits);
  return clean ? `${code}${clean}` : '';
}

/** Spec 1 §9: category Repair is displayed as Complaint. */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return PROJECT_CATEGORY_LABELS['New Installation'];
  return PROJECT_CATEGORY_LABELS[category as ProjectCategory] ?? category;
}

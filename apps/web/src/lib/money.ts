import { formatRupees, rupeesToPaise } from '@karya/domain/format';

/** The API speaks rupees; the shared formatter takes paise. */
export const rupees = (amount: number | null | undefined) =>
  formatRupees(rupeesToPaise(amount ?? 0));

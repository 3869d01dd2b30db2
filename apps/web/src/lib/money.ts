import { formatRupees, toPaise } from '@karya/domain/money';

/** The API speaks rupees; the shared formatter takes paise. */
export const rupees = (amount: number | null | undefined) => formatRupees(toPaise(amount ?? 0));

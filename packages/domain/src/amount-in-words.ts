/**
 * An amount in words in Indian numbering (thousand, lakh, crore), as Rule 46 asks invoices to
 * state the total: 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty
 * Paise Only'.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99: 'Seven', 'Nineteen', 'Forty', 'Fifty-Six'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return unit === 0 ? tens : `${tens}-${ONES[unit]}`;
}

/** 1..999, no 'and' inside ('Four Hundred Fifty-Six', as Indian invoices print). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(' ');
}

/**
 * A positive whole number in words: crore, lakh, thousand, then the rest. Above 99 crore the
 * count of crores is itself said in Indian numbering ('One Lakh Crore'), as people say it.
 */
function integerInWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1000) % 100;
  const rest = n % 1000;
  const words: string[] = [];
  if (crore > 0) words.push(`${integerInWords(crore)} Crore`);
  if (lakh > 0) words.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) words.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** 'Rupees Zero Only' for nothing; one paisa is 'Paisa', more are 'Paise'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`amountInWords needs whole, non-negative paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : integerInWords(rupees);
  if (rest === 0) return `Rupees ${rupeeWords} Only`;
  return `Rupees ${rupeeWords} and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'} Only`;
}

import type { UpdateLanguage } from '@karya/domain/update-languages';

/**
 * The words of the customer's quotation page (issue 35) in the two languages customers read
 * updates in, as the job-status page has them; the page opens in the contact's language.
 */
export interface QuotePageText {
  quotation: string;
  date: string;
  validUntil: string;
  preparedFor: string;
  chooseOption: string;
  options: string;
  chooseOptionHelp: string;
  items: string;
  qty: string;
  rate: string;
  discount: string;
  amount: string;
  hsnSac: string;
  extras: string;
  extrasHelp: string;
  taxable: string;
  wholeDiscount: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  total: string;
  billOfSupply: string;
  terms: string;
  notes: string;
  accept: string;
  acceptTotal: (amount: string) => string;
  requestChanges: string;
  decline: string;
  cancel: string;
  yourName: string;
  yourNameHelp: string;
  signature: string;
  signatureHelp: string;
  clear: string;
  accepting: string;
  nameRequired: string;
  note: string;
  changesPlaceholder: string;
  declinePlaceholder: string;
  sendChanges: string;
  sendDecline: string;
  sending: string;
  noteRequired: string;
  accepted: string;
  acceptedBy: (name: string, when: string) => string;
  acceptedTotal: string;
  acceptedOption: string;
  thankYou: string;
  changesAsked: (when: string) => string;
  changesNext: string;
  declinedTitle: string;
  declinedOn: (when: string) => string;
  declinedNext: string;
  expiredTitle: string;
  expiredOn: (day: string) => string;
  expiredNext: string;
  revised: string;
  contactShop: string;
  call: string;
  whatsapp: string;
  whatsappText: (number: string) => string;
  advanceTitle: (percent: number) => string;
  advanceHelp: string;
  payByUpi: (amount: string) => string;
  advanceQr: (amount: string) => string;
  advanceNote: string;
  notFound: string;
  loading: string;
  retry: string;
}

const en: QuotePageText = {
  quotation: 'Quotation',
  date: 'Date',
  validUntil: 'Valid until',
  preparedFor: 'For',
  chooseOption: 'Choose one option',
  options: 'Options',
  chooseOptionHelp: 'Each option has its own items and total.',
  items: 'Items',
  qty: 'Qty',
  rate: 'Rate',
  discount: 'Discount',
  amount: 'Amount',
  hsnSac: 'HSN/SAC',
  extras: 'Optional extras',
  extrasHelp: 'Tick what you also want; the total changes as you tick.',
  taxable: 'Taxable value',
  wholeDiscount: 'Discount',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  roundOff: 'Round off',
  total: 'Total',
  billOfSupply: 'No GST is charged on this quotation (bill of supply).',
  terms: 'Terms',
  notes: 'Notes',
  accept: 'Accept',
  acceptTotal: (amount) => `Accept for ${amount}`,
  requestChanges: 'Request changes',
  decline: 'Decline',
  cancel: 'Cancel',
  yourName: 'Your name',
  yourNameHelp: 'Type your full name to accept.',
  signature: 'Your signature',
  signatureHelp: 'Sign inside the box with a finger.',
  clear: 'Clear',
  accepting: 'Accepting...',
  nameRequired: 'Please type your name to accept',
  note: 'Your note',
  changesPlaceholder: 'e.g. Please quote 2 more cameras for the back gate',
  declinePlaceholder: 'e.g. We have decided not to go ahead for now',
  sendChanges: 'Send request',
  sendDecline: 'Decline quotation',
  sending: 'Sending...',
  noteRequired: 'Please write a note',
  accepted: 'Accepted',
  acceptedBy: (name, when) => `Accepted by ${name} on ${when}`,
  acceptedTotal: 'Accepted total',
  acceptedOption: 'Option',
  thankYou: 'Thank you! The shop will call you to fix the day of the work.',
  changesAsked: (when) => `You asked for changes on ${when}.`,
  changesNext: 'The shop will send you a revised quotation. You can still accept this one.',
  declinedTitle: 'Declined',
  declinedOn: (when) => `You declined this quotation on ${when}.`,
  declinedNext: 'Changed your mind? Call or WhatsApp the shop for a new quotation.',
  expiredTitle: 'This quotation has expired',
  expiredOn: (day) => `It was valid until ${day}.`,
  expiredNext: 'Please call or WhatsApp the shop for a new quotation.',
  revised: 'The shop revised this quotation. Please look at the new version below and accept it.',
  contactShop: 'Questions? Talk to the shop',
  call: 'Call',
  whatsapp: 'WhatsApp',
  whatsappText: (number) => `Hello, about quotation ${number}:`,
  advanceTitle: (percent) => `Pay ${percent}% advance (optional)`,
  advanceHelp: 'Scan the QR code with any UPI app, or tap the button on this phone.',
  payByUpi: (amount) => `Pay ${amount} by UPI`,
  advanceQr: (amount) => `UPI QR code for ${amount}`,
  advanceNote:
    'The shop confirms your advance when it reaches them and adds it to your final invoice. Keep the UPI transaction ID.',
  notFound: 'This quotation link is not valid. Please ask the shop to send it again.',
  loading: 'Loading your quotation...',
  retry: 'Try again',
};

const hinglish: QuotePageText = {
  quotation: 'Quotation',
  date: 'Date',
  validUntil: 'Kab tak valid',
  preparedFor: 'Kiske liye',
  chooseOption: 'Ek option chunein',
  options: 'Options',
  chooseOptionHelp: 'Har option ke apne items aur total hain.',
  items: 'Items',
  qty: 'Qty',
  rate: 'Rate',
  discount: 'Discount',
  amount: 'Amount',
  hsnSac: 'HSN/SAC',
  extras: 'Extra (apni marzi se)',
  extrasHelp: 'Jo aur chahiye use tick karein; total saath mein badlega.',
  taxable: 'Taxable value',
  wholeDiscount: 'Discount',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  roundOff: 'Round off',
  total: 'Total',
  billOfSupply: 'Is quotation par GST nahi lagta (bill of supply).',
  terms: 'Sharten',
  notes: 'Notes',
  accept: 'Accept karein',
  acceptTotal: (amount) => `${amount} mein accept karein`,
  requestChanges: 'Badlav maangein',
  decline: 'Mana karein',
  cancel: 'Wapas',
  yourName: 'Aapka naam',
  yourNameHelp: 'Accept karne ke liye apna poora naam likhein.',
  signature: 'Aapka signature',
  signatureHelp: 'Box ke andar ungli se sign karein.',
  clear: 'Mitayein',
  accepting: 'Accept ho raha hai...',
  nameRequired: 'Accept karne ke liye apna naam likhein',
  note: 'Aapka note',
  changesPlaceholder: 'jaise: Peeche ke gate ke liye 2 camera aur jodein',
  declinePlaceholder: 'jaise: Abhi hum yeh kaam nahi karwa rahe',
  sendChanges: 'Request bhejein',
  sendDecline: 'Quotation mana karein',
  sending: 'Bhej rahe hain...',
  noteRequired: 'Kripya note likhein',
  accepted: 'Accept ho gaya',
  acceptedBy: (name, when) => `${name} ne ${when} ko accept kiya`,
  acceptedTotal: 'Accept kiya gaya total',
  acceptedOption: 'Option',
  thankYou: 'Dhanyavaad! Shop aapko kaam ka din tay karne ke liye call karegi.',
  changesAsked: (when) => `Aapne ${when} ko badlav maange.`,
  changesNext: 'Shop aapko naya quotation bhejegi. Aap yeh wala abhi bhi accept kar sakte hain.',
  declinedTitle: 'Mana kar diya',
  declinedOn: (when) => `Aapne ${when} ko yeh quotation mana kiya.`,
  declinedNext: 'Iraada badla? Naye quotation ke liye shop ko call ya WhatsApp karein.',
  expiredTitle: 'Is quotation ki validity khatam ho gayi',
  expiredOn: (day) => `Yeh ${day} tak valid tha.`,
  expiredNext: 'Naye quotation ke liye shop ko call ya WhatsApp karein.',
  revised: 'Shop ne quotation badla hai. Neeche naya version dekhein aur use accept karein.',
  contactShop: 'Koi sawaal? Shop se baat karein',
  call: 'Call karein',
  whatsapp: 'WhatsApp',
  whatsappText: (number) => `Namaste, quotation ${number} ke baare mein:`,
  advanceTitle: (percent) => `${percent}% advance dein (apni marzi se)`,
  advanceHelp: 'Kisi bhi UPI app se QR scan karein, ya isi phone par button dabayein.',
  payByUpi: (amount) => `${amount} UPI se pay karein`,
  advanceQr: (amount) => `${amount} ka UPI QR code`,
  advanceNote:
    'Advance pahunchne par shop use confirm karke aapke final invoice mein jod degi. UPI transaction ID sambhal kar rakhein.',
  notFound: 'Yeh quotation link sahi nahi hai. Shop se dobara bhejne ko kahein.',
  loading: 'Aapka quotation load ho raha hai...',
  retry: 'Dobara try karein',
};

export const QUOTE_PAGE_TEXT: Record<UpdateLanguage, QuotePageText> = { en, hinglish };

import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { UpdateLanguage } from '@karya/domain/customer-updates';

/**
 * The words of the customer's job-status page in the two languages customers read updates in
 * (issue 21). The page opens in Hinglish, the default of every contact, with a switch.
 */
export interface JobStatusText {
  title: string;
  order: string;
  steps: string;
  technician: string;
  /** The booked visit (issue 34): its heading, and the day with the window or the time. */
  visit: string;
  visitWindow: (day: string, from: string, to: string) => string;
  visitAt: (day: string, time: string) => string;
  /** An AMC visit's order before it has a time: the day it is due. */
  visitDue: (day: string) => string;
  call: string;
  invoices: string;
  invoiceTotal: string;
  paid: string;
  due: string;
  payByUpi: (amount: string) => string;
  cancelled: string;
  nothingDue: string;
  downloadInvoice: string;
  downloading: string;
  /** After a download whose PDF left out letters its font lacks (a name in Devanagari). */
  pdfLeftOut: (characters: string) => string;
  serviceReport: string;
  serviceReportHelp: string;
  downloadServiceReport: string;
  preparingReport: string;
  /** After a download that had to leave out photos (or the signature) it could not fetch. */
  reportImagesMissing: (count: number) => string;
  reportFailed: string;
  reportPage: string;
  units: string;
  serial: string;
  warrantyUntil: (date: string) => string;
  warrantyOver: string;
  noWarranty: string;
  complaintTitle: string;
  complaintHelp: string;
  description: string;
  descriptionPlaceholder: string;
  phone: string;
  phonePlaceholder: string;
  submit: string;
  submitting: string;
  complaintDone: (orderId: string) => string;
  loading: string;
  retry: string;
  status: Record<WorkOrderStatus, string>;
}

const en: JobStatusText = {
  title: 'Your job',
  order: 'Order',
  steps: 'Progress',
  technician: 'Your technician',
  visit: 'Your visit',
  visitWindow: (day, from, to) => `${day}, arriving between ${from} and ${to}`,
  visitAt: (day, time) => `${day}, at ${time}`,
  visitDue: (day) => `Service visit due on ${day}. We will tell you the time.`,
  call: 'Call',
  invoices: 'Invoices',
  invoiceTotal: 'Total',
  paid: 'Paid',
  due: 'Due',
  payByUpi: (amount) => `Pay ${amount} by UPI`,
  cancelled: 'Cancelled',
  nothingDue: 'Fully paid',
  downloadInvoice: 'Download invoice',
  downloading: 'Downloading...',
  pdfLeftOut: (characters) =>
    `The PDF could not write these letters: ${characters}. Ask the shop for a printed copy if you need them.`,
  serviceReport: 'Service report',
  serviceReportHelp: 'The photos, checklist, your signature and warranty of the job, in one PDF.',
  downloadServiceReport: 'Download service report',
  preparingReport: 'Preparing report...',
  reportImagesMissing: (count) =>
    `${count === 1 ? 'One photo' : `${count} photos`} could not be loaded and ${count === 1 ? 'is' : 'are'} left out of the PDF. Please try again on a better signal.`,
  reportFailed: 'The report could not be made. Please try again.',
  reportPage: 'Open to print',
  units: 'Installed equipment',
  serial: 'Serial no.',
  warrantyUntil: (date) => `Warranty until ${date}`,
  warrantyOver: 'Warranty over',
  noWarranty: 'No warranty',
  complaintTitle: 'Raise a complaint',
  complaintHelp: 'Something not working? Tell us and the shop will send a technician.',
  description: 'What is the problem?',
  descriptionPlaceholder: 'e.g. Camera 2 shows no picture at night',
  phone: 'Your phone number',
  phonePlaceholder: 'The number you gave the shop',
  submit: 'Raise complaint',
  submitting: 'Sending...',
  complaintDone: (orderId) => `Complaint registered as ${orderId}. The shop will call you soon.`,
  loading: 'Loading your job...',
  retry: 'Try again',
  status: {
    pending: 'Booked',
    assigned: 'Technician assigned',
    'in-progress': 'Work in progress',
    paused: 'Work paused',
    'pending-approval': 'Work done, being checked',
    transferring: 'Being handed to another technician',
    transferred: 'Handed to another technician',
    completed: 'Completed',
    rejected: 'Technician assigned',
  },
};

const hinglish: JobStatusText = {
  title: 'Aapka kaam',
  order: 'Order',
  steps: 'Progress',
  technician: 'Aapke technician',
  visit: 'Aapki visit',
  visitWindow: (day, from, to) => `${day}, ${from} se ${to} ke beech aayenge`,
  visitAt: (day, time) => `${day}, ${time} baje`,
  visitDue: (day) => `Service visit ${day} ko due hai. Samay hum aapko batayenge.`,
  call: 'Call karein',
  invoices: 'Invoice',
  invoiceTotal: 'Total',
  paid: 'Diya gaya',
  due: 'Baaki',
  payByUpi: (amount) => `${amount} UPI se pay karein`,
  cancelled: 'Cancel ho gaya',
  nothingDue: 'Poora pay ho gaya',
  downloadInvoice: 'Invoice download karein',
  downloading: 'Download ho raha hai...',
  pdfLeftOut: (characters) =>
    `PDF mein ye akshar nahi likhe ja sake: ${characters}. Zaroorat ho to shop se printed copy maang lein.`,
  serviceReport: 'Service report',
  serviceReportHelp: 'Kaam ki photos, checklist, aapka signature aur warranty, ek PDF mein.',
  downloadServiceReport: 'Service report download karein',
  preparingReport: 'Report ban rahi hai...',
  reportImagesMissing: (count) =>
    `${count} photo load nahi ho sake, PDF mein nahi hain. Achhe signal par dobara try karein.`,
  reportFailed: 'Report nahi ban saki. Dobara try karein.',
  reportPage: 'Print ke liye kholein',
  units: 'Lagaya gaya saamaan',
  serial: 'Serial no.',
  warrantyUntil: (date) => `${date} tak warranty`,
  warrantyOver: 'Warranty khatam',
  noWarranty: 'Warranty nahi',
  complaintTitle: 'Complaint darj karein',
  complaintHelp: 'Kuch kaam nahi kar raha? Humein batayein, shop technician bhejegi.',
  description: 'Kya problem hai?',
  descriptionPlaceholder: 'jaise: Camera 2 raat mein picture nahi dikha raha',
  phone: 'Aapka phone number',
  phonePlaceholder: 'Jo number aapne shop ko diya tha',
  submit: 'Complaint bhejein',
  submitting: 'Bhej rahe hain...',
  complaintDone: (orderId) => `Complaint ${orderId} darj ho gayi. Shop aapko jald call karegi.`,
  loading: 'Aapka kaam load ho raha hai...',
  retry: 'Dobara try karein',
  status: {
    pending: 'Book ho gaya',
    assigned: 'Technician tay ho gaye',
    'in-progress': 'Kaam chal raha hai',
    paused: 'Kaam abhi ruka hai',
    'pending-approval': 'Kaam ho gaya, check ho raha hai',
    transferring: 'Doosre technician ko diya ja raha hai',
    transferred: 'Doosre technician ko diya gaya',
    completed: 'Poora ho gaya',
    rejected: 'Technician tay ho gaye',
  },
};

export const JOB_STATUS_TEXT: Record<UpdateLanguage, JobStatusText> = { en, hinglish };

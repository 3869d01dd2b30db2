import type { ComplaintCoverage } from '@karya/domain/complaint-schemas';
import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { ProjectCategory } from '@karya/domain/project-categories';
import type { UpdateLanguage } from '@karya/domain/update-languages';

/**
 * The words of a unit's sticker page (issue 37) in the two languages customers read updates
 * in, as the job-status page has them. The English messages are the contract's own
 * (COMPLAINT_MESSAGES, COVERAGE_LABELS; unit-page-text.test.ts holds them to it), written out
 * here so that the customer's phone loads no schema library for them.
 */
export interface UnitPageText {
  loading: string;
  retry: string;
  /** A token no unit answers to (404). */
  notFound: string;
  serial: string;
  installedOn: (day: string) => string;
  notInstalled: string;
  warrantyUntil: (day: string) => string;
  warrantyExpired: string;
  noWarranty: string;
  amcUntil: (day: string) => string;
  amcExpired: string;
  coverage: Record<ComplaintCoverage, string>;
  lastVisits: string;
  noVisits: string;
  category: Record<ProjectCategory, string>;
  status: Record<WorkOrderStatus, string>;
  shop: string;
  call: string;
  whatsapp: string;
  whatsappText: (product: string, serial: string) => string;
  complaintTitle: string;
  complaintHelp: string;
  openComplaint: (orderId: string) => string;
  openComplaintAdd: string;
  description: string;
  descriptionPlaceholder: string;
  photo: string;
  photoHelp: string;
  addPhoto: string;
  removePhoto: string;
  photoPreview: string;
  phone: string;
  phoneHelp: string;
  submit: string;
  submitAdd: string;
  submitting: string;
  complaintRaised: string;
  complaintJoined: string;
  seeStatus: string;
  descriptionRequired: string;
  phoneRequired: string;
  phoneMismatch: string;
  photoInvalid: string;
  tooMany: string;
}

const en: UnitPageText = {
  loading: 'Loading your product...',
  retry: 'Try again',
  notFound: 'This sticker is not linked to an installed unit. Please call the shop.',
  serial: 'Serial no.',
  installedOn: (day) => `Installed on ${day}`,
  notInstalled: 'Not installed yet',
  warrantyUntil: (day) => `Warranty until ${day}`,
  warrantyExpired: 'Warranty expired',
  noWarranty: 'No warranty',
  amcUntil: (day) => `AMC until ${day}`,
  amcExpired: 'AMC expired',
  coverage: { amc: 'Under AMC', warranty: 'Under warranty', chargeable: 'Chargeable' },
  lastVisits: 'Last service visits',
  noVisits: 'No service visits yet',
  category: {
    'New Installation': 'Installation',
    Repair: 'Complaint',
    Maintenance: 'Maintenance visit',
  },
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
  shop: 'Your shop',
  call: 'Call',
  whatsapp: 'WhatsApp',
  whatsappText: (product, serial) => `Hello, about my ${product} (serial no. ${serial}): `,
  complaintTitle: 'Raise a complaint',
  complaintHelp: 'Something not working? Tell the shop and they will send a technician.',
  openComplaint: (orderId) => `A complaint on this unit is already open (${orderId}).`,
  openComplaintAdd: 'You can add to it below, and you will get the link to follow it.',
  description: 'What is wrong?',
  descriptionPlaceholder: 'e.g. No picture at night',
  photo: 'Photo (optional)',
  photoHelp: 'A photo of the problem helps the technician bring the right part.',
  addPhoto: 'Take or choose a photo',
  removePhoto: 'Remove photo',
  photoPreview: 'The photo you chose',
  phone: 'Your phone number',
  phoneHelp: 'The number you gave the shop',
  submit: 'Raise complaint',
  submitAdd: 'Add to the complaint',
  submitting: 'Sending...',
  complaintRaised: 'Your complaint is registered. The shop will call you soon.',
  complaintJoined:
    'A complaint on this unit is already open. We have added your message to it; the shop will call you soon.',
  seeStatus: 'See your complaint’s status',
  descriptionRequired: 'Please describe the problem',
  phoneRequired: 'Please enter your phone number',
  phoneMismatch:
    'This is not the phone number the shop has for this unit. Enter the number you gave the shop.',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image under 10 MB',
  tooMany: 'Too many attempts. Please try again later or call the shop.',
};

const hinglish: UnitPageText = {
  loading: 'Aapka product load ho raha hai...',
  retry: 'Dobara try karein',
  notFound: 'Yeh sticker kisi lagaye gaye unit se juda nahi hai. Kripya shop ko call karein.',
  serial: 'Serial no.',
  installedOn: (day) => `${day} ko lagaya gaya`,
  notInstalled: 'Abhi lagaya nahi gaya',
  warrantyUntil: (day) => `${day} tak warranty`,
  warrantyExpired: 'Warranty khatam',
  noWarranty: 'Warranty nahi',
  amcUntil: (day) => `${day} tak AMC`,
  amcExpired: 'AMC khatam',
  coverage: { amc: 'AMC mein cover', warranty: 'Warranty mein cover', chargeable: 'Charge lagega' },
  lastVisits: 'Pichhli service visits',
  noVisits: 'Abhi tak koi service visit nahi',
  category: {
    'New Installation': 'Installation',
    Repair: 'Complaint',
    Maintenance: 'Maintenance visit',
  },
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
  shop: 'Aapki shop',
  call: 'Call karein',
  whatsapp: 'WhatsApp',
  whatsappText: (product, serial) =>
    `Namaste, mere ${product} (serial no. ${serial}) ke baare mein: `,
  complaintTitle: 'Complaint darj karein',
  complaintHelp: 'Kuch kaam nahi kar raha? Shop ko batayein, woh technician bhejegi.',
  openComplaint: (orderId) => `Is unit par ek complaint pehle se khuli hai (${orderId}).`,
  openComplaintAdd: 'Aap neeche usme aur jod sakte hain, aur uska status dekhne ka link milega.',
  description: 'Kya kharabi hai?',
  descriptionPlaceholder: 'jaise: Raat mein picture nahi aa rahi',
  photo: 'Photo (zaroori nahi)',
  photoHelp: 'Kharabi ki photo se technician sahi part la payega.',
  addPhoto: 'Photo lein ya chunein',
  removePhoto: 'Photo hatayein',
  photoPreview: 'Aapki chuni hui photo',
  phone: 'Aapka phone number',
  phoneHelp: 'Jo number aapne shop ko diya tha',
  submit: 'Complaint bhejein',
  submitAdd: 'Complaint mein jodein',
  submitting: 'Bhej rahe hain...',
  complaintRaised: 'Aapki complaint darj ho gayi. Shop aapko jald call karegi.',
  complaintJoined:
    'Is unit par ek complaint pehle se khuli hai. Aapka message usme jod diya gaya; shop aapko jald call karegi.',
  seeStatus: 'Complaint ka status dekhein',
  descriptionRequired: 'Kripya kharabi likhein',
  phoneRequired: 'Kripya apna phone number likhein',
  phoneMismatch:
    'Yeh woh number nahi hai jo shop ke paas is unit ke liye hai. Jo number aapne shop ko diya tha, woh likhein.',
  photoInvalid: 'Photo JPEG, PNG ya WebP ho aur 10 MB se chhoti ho',
  tooMany: 'Bahut baar try ho gaya. Thodi der baad try karein ya shop ko call karein.',
};

export const UNIT_PAGE_TEXT: Record<UpdateLanguage, UnitPageText> = { en, hinglish };

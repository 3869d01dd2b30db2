import { normalizePhone } from '../contact-schemas';
import type { ImportColumn } from '../import-kind';

/** The columns customers and leads share, as the add-contact form's fields. */
export const CONTACT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'name',
    label: 'Name',
    required: true,
    type: 'text',
    synonyms: [
      'Customer Name',
      'Full Name',
      'Customer',
      'Party Name',
      'Party',
      'Client Name',
      'Lead Name',
      'Contact Name',
    ],
  },
  {
    key: 'phoneNumber',
    label: 'Phone',
    required: true,
    type: 'text',
    synonyms: [
      'Mobile',
      'Phone No',
      'Contact',
      'Mobile No',
      'Phone Number',
      'Mobile Number',
      'Contact No',
      'Contact Number',
      'Cell',
      'Mob',
      'Mob No',
      'Telephone',
    ],
    hint: 'At least 8 digits; +91 is assumed without a country code',
  },
  {
    key: 'whatsappNumber',
    label: 'WhatsApp',
    required: false,
    type: 'text',
    synonyms: ['WhatsApp No', 'WhatsApp Number', 'WA', 'WA Number'],
  },
  {
    key: 'email',
    label: 'Email',
    required: false,
    type: 'text',
    synonyms: ['E-mail', 'Email Address', 'Mail', 'Email ID'],
  },
  {
    key: 'address',
    label: 'Address',
    required: false,
    type: 'text',
    synonyms: ['Full Address', 'Location', 'Site Address', 'City'],
  },
  { key: 'age', label: 'Age', required: false, type: 'number', synonyms: [] },
  {
    key: 'stateCode',
    label: 'State Code',
    required: false,
    type: 'text',
    synonyms: ['State', 'GST State Code', 'Place of Supply'],
    hint: 'GST state code, e.g. 29 for Karnataka; blank: from the GSTIN',
  },
  {
    key: 'gstin',
    label: 'GSTIN',
    required: false,
    type: 'text',
    synonyms: ['GST No', 'GST Number', 'GSTIN No', 'GST'],
  },
];

/** A contact is the same as another by its phone's national digits, as the phone search matches. */
export const phoneKey = (phoneNumber: string) => ({
  column: 'Phone',
  key: normalizePhone(phoneNumber).national,
});

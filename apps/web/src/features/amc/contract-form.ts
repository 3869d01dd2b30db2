import {
  AMC_DEFAULT_TERM_MONTHS,
  type AmcBilling,
  type AmcCoverage,
  type AmcVisitsPerTerm,
} from '@karya/domain/amc';
import type {
  AmcContractDetail,
  AmcOffer,
  UpdateAmcContractInput,
} from '@karya/domain/amc-schemas';
import { AMC_MESSAGES } from '@karya/domain/amc-schemas';
import type { FieldError } from '@karya/domain/api';
import { COMPLAINT_MESSAGES, SLA_MAX_HOURS } from '@karya/domain/complaint-schemas';
import { parseRupees, toRupees } from '@karya/domain/money';
import type { NewContractBody } from './api/contract-changes';

/** The New contract dialog's fields as typed. */
export interface ContractForm {
  customerId: string;
  /** The covered installation's order (_id), or '' when the serials say what is covered. */
  fromOrderId: string;
  projectType: string;
  /** One serial a line (commas also part them). */
  serials: string;
  startDate: string;
  termMonths: number;
  visitsPerTerm: AmcVisitsPerTerm;
  /** Rupees as typed. */
  price: string;
  priceIncludesTax: boolean;
  gstRate: number;
  coverage: AmcCoverage;
  coveredItemIds: string[];
  billing: AmcBilling;
  notes: string;
  /** Issue 37: its own response time for complaints, whole hours as typed; '' the branch's. */
  slaHours: string;
}

export type ContractFormField = keyof ContractForm;
export type ContractFormErrors = Partial<Record<ContractFormField, string>>;

export function emptyContractForm(today: string, from: Partial<ContractForm> = {}): ContractForm {
  return {
    customerId: '',
    fromOrderId: '',
    projectType: '',
    serials: '',
    startDate: today,
    termMonths: AMC_DEFAULT_TERM_MONTHS,
    visitsPerTerm: 4,
    price: '',
    // The catalogue's default too (issue 39 item 18): a price quoted in India includes GST.
    priceIncludesTax: true,
    gstRate: 18,
    coverage: 'labour',
    coveredItemIds: [],
    billing: 'upfront',
    notes: '',
    slaHours: '',
    ...from,
  };
}

/** The serials typed, one a line or comma-separated, without blanks or repeats. */
export function serialsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((serial) => serial.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The contract's own response time: null when left empty (the branch's AMC target), the whole
 * hours typed, or undefined when they are not 1 to 720 whole hours.
 */
export function slaHoursOf(text: string): number | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d+$/.test(typed)) return undefined;
  const hours = Number(typed);
  return hours >= 1 && hours <= SLA_MAX_HOURS ? hours : undefined;
}

/**
 * The request the form makes, or what to fix first. Only what the browser can tell on its own
 * is checked here (a customer chosen, a price that is an amount, something covered); the
 * server checks everything again and its messages land on the same fields (fieldErrorsOf).
 */
export function contractBodyOf(
  form: ContractForm,
): { body: NewContractBody } | { errors: ContractFormErrors } {
  const errors: ContractFormErrors = {};
  if (!form.customerId) errors.customerId = 'Please choose the customer';
  const paise = parseRupees(form.price);
  if (paise === null) errors.price = 'Please enter a valid price (at most 2 decimal places)';
  const serials = serialsOf(form.serials);
  if (!form.fromOrderId && form.projectType.trim() === '') {
    errors.projectType = 'Please enter what the contract covers (project type)';
  }
  if (form.coverage === 'labour-and-parts' && form.coveredItemIds.length === 0) {
    errors.coveredItemIds = 'Pick the parts the contract covers, or choose Labour only';
  }
  const slaHours = slaHoursOf(form.slaHours);
  if (slaHours === undefined) errors.slaHours = COMPLAINT_MESSAGES.hoursRange;
  if (Object.keys(errors).length > 0 || paise === null || slaHours === undefined) return { errors };
  return {
    body: {
      customerId: form.customerId,
      ...(form.fromOrderId ? { fromOrderId: form.fromOrderId } : {}),
      ...(form.projectType.trim() ? { projectType: form.projectType.trim() } : {}),
      ...(serials.length > 0 || !form.fromOrderId ? { serialNumbers: serials } : {}),
      startDate: form.startDate,
      termMonths: form.termMonths,
      visitsPerTerm: form.visitsPerTerm,
      price: toRupees(paise),
      priceIncludesTax: form.priceIncludesTax,
      gstRate: form.gstRate,
      coverage: form.coverage,
      coveredItemIds: form.coverage === 'labour-and-parts' ? form.coveredItemIds : [],
      billing: form.billing,
      notes: form.notes.trim(),
      slaHours,
    },
  };
}

const FIELD_OF: Record<string, ContractFormField> = {
  serialNumbers: 'serials',
  customerId: 'customerId',
  fromOrderId: 'fromOrderId',
};

/**
 * The server's field errors on the form's fields (serialNumbers.3 → serials); what names no
 * field of the form comes back as `rest`, for the dialog's alert.
 */
export function fieldErrorsOf(errors: readonly FieldError[]): {
  fields: ContractFormErrors;
  rest: string[];
} {
  const fields: ContractFormErrors = {};
  const rest: string[] = [];
  const known = new Set(Object.keys(emptyContractForm('')));
  for (const error of errors) {
    const head = error.field.split('.')[0] ?? '';
    const field = FIELD_OF[head] ?? (known.has(head) ? (head as ContractFormField) : null);
    if (field && !fields[field]) fields[field] = error.message;
    else if (!field) rest.push(error.message);
  }
  return { fields, rest };
}

/** Refusals the server words without naming a field, and the field they are about. */
const FIELD_OF_MESSAGE: Record<string, ContractFormField> = {
  [AMC_MESSAGES.customerNotFound]: 'customerId',
  [AMC_MESSAGES.installationNotFound]: 'fromOrderId',
  [AMC_MESSAGES.installationNotCompleted]: 'fromOrderId',
  [AMC_MESSAGES.coveredItemNotFound]: 'coveredItemIds',
  [AMC_MESSAGES.coveredItemIsService]: 'coveredItemIds',
  [AMC_MESSAGES.coveredItemsNeedParts]: 'coveredItemIds',
  [AMC_MESSAGES.projectTypeRequired]: 'projectType',
  [AMC_MESSAGES.termNotDivisible]: 'visitsPerTerm',
};

/** A refusal on the form: on its fields where it names them (or its message does), else above. */
export function refusalOnForm(
  message: string,
  errors: readonly FieldError[],
): { fields: ContractFormErrors; rest: string[] } {
  if (errors.length > 0) return fieldErrorsOf(errors);
  const field = FIELD_OF_MESSAGE[message];
  return field ? { fields: { [field]: message }, rest: [] } : { fields: {}, rest: [message] };
}

/** A draft's terms in the form, to edit them. */
export function formOfContract(contract: AmcContractDetail): ContractForm {
  return {
    customerId: contract.customer._id,
    fromOrderId: contract.installation?._id ?? '',
    projectType: contract.projectType,
    serials: contract.serialNumbers.join('\n'),
    startDate: contract.startDate,
    termMonths: contract.termMonths,
    visitsPerTerm: contract.visitsPerTerm as AmcVisitsPerTerm,
    price: String(contract.price),
    priceIncludesTax: contract.priceIncludesTax,
    gstRate: contract.gstRate,
    coverage: contract.coverage,
    coveredItemIds: contract.coveredItems.map((item) => item._id),
    billing: contract.billing,
    notes: contract.notes,
    slaHours: contract.slaHours == null ? '' : String(contract.slaHours),
  };
}

/** What PATCH takes of a new contract's body: its terms, not whose or which installation. */
export function updateBodyOf(body: NewContractBody): UpdateAmcContractInput {
  const { customerId: _customer, fromOrderId: _order, ...terms } = body;
  return terms;
}

/**
 * What an offer from an installation fills in, over a form the manager has not touched yet:
 * the installation's project and installed serials, and the server's today as the start.
 */
export function formWithOffer(form: ContractForm, offer: AmcOffer): ContractForm {
  return {
    ...form,
    customerId: offer.customer._id,
    fromOrderId: offer.installation._id,
    projectType: form.projectType || offer.installation.projectType,
    serials: form.serials || offer.serialNumbers.join('\n'),
    startDate: offer.startDate,
    termMonths: offer.termMonths,
  };
}

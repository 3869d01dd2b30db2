import {
  CONTACT_MESSAGES,
  type CreateLeadInput,
  normalizePhone,
} from '@karya/domain/contact-schemas';
import { contactIdsByPhone, contactTaxOf, customerPhones, saveImportedLead } from '../contacts';
import { branchOf, type ImportWriter, refusedRow } from './kind-writer';

type Input = Omit<CreateLeadInput, 'branch'>;

/**
 * Leads: the same by phone among the branch's open leads. A phone that is already a customer's
 * (any branch) is refused with the add-lead form's message, at the preview and again at commit.
 */
export const leadsWriter: ImportWriter<Input> = {
  noun: 'lead',
  async prepare(db, _context, inputs) {
    const customers = await customerPhones(
      db,
      inputs.map((input) => normalizePhone(input.phoneNumber).national),
    );
    return inputs.map((input) =>
      customers.has(normalizePhone(input.phoneNumber).national)
        ? refusedRow('Phone', CONTACT_MESSAGES.phoneBelongsToCustomer)
        : { ok: true, input },
    );
  },
  existing: (db, context, keys) => contactIdsByPhone(db, 'leads', branchOf(context), keys),
  async save(tx, context, input, existingId) {
    const national = normalizePhone(input.phoneNumber).national;
    if ((await customerPhones(tx, [national])).size > 0)
      return { refused: CONTACT_MESSAGES.phoneBelongsToCustomer };
    const existing = existingId
      ? ((await contactTaxOf(tx, 'leads', [existingId])).get(existingId) ?? null)
      : null;
    return { id: await saveImportedLead(tx, context.actorId, branchOf(context), input, existing) };
  },
};

import { contractEndDate } from '@karya/domain/amc';
import { AMC_MESSAGES as M } from '@karya/domain/amc-schemas';
import { normalizePhone } from '@karya/domain/contact-schemas';
import {
  type AmcContractImportInput,
  amcContractKey,
} from '@karya/domain/import-kinds/amc-contracts';
import { systemClock, todayOf } from '../../clock';
import { HttpError } from '../../http/errors';
import { contractsOfPhones, importActiveContract } from '../amc';
import { contactIdsByPhone } from '../contacts';
import { branchOf, type ImportWriter, refusedRow } from './kind-writer';

type Input = AmcContractImportInput & { customerId?: string };

const nationalOf = (phone: string) => normalizePhone(phone).national;

/**
 * AMC contracts: the customer is the branch's, found by phone; the contract is the same as one
 * of that customer with the same start and project type. It is activated by the amc module's
 * activation without its invoice (billed in the old system). An active contract's terms are
 * not changed by a file, as the form changes only drafts: 'update' refuses it in its words.
 */
export const amcContractsWriter: ImportWriter<Input> = {
  noun: 'contract',
  async prepare(db, context, inputs) {
    const nationals = [...new Set(inputs.map((input) => nationalOf(input.phoneNumber)))];
    const customerIds = await contactIdsByPhone(db, 'customers', branchOf(context), nationals);
    const today = todayOf(systemClock);
    return inputs.map((input) => {
      const customerId = customerIds.get(nationalOf(input.phoneNumber));
      if (!customerId) return refusedRow('Customer Phone', M.customerNotFound);
      if (contractEndDate(input.startDate, input.termMonths) < today)
        return refusedRow('Start Date', M.activeEnded);
      return { ok: true, input: { ...input, customerId } };
    });
  },
  async existing(db, context, keys) {
    const parts = keys.map((key) => key.split('|'));
    const rows = await contractsOfPhones(
      db,
      branchOf(context),
      [...new Set(parts.map(([national]) => national ?? ''))],
      [...new Set(parts.map(([, start]) => start ?? ''))],
    );
    const wanted = new Set(keys);
    const found = new Map<string, string>();
    for (const row of rows) {
      const key = amcContractKey({
        phoneNumber: row.phoneNational,
        startDate: row.startDate,
        projectType: row.projectType,
      });
      if (wanted.has(key)) found.set(key, row.id);
    }
    return found;
  },
  async save(tx, context, input, existingId) {
    if (existingId) return { refused: M.onlyDraftEdited };
    if (!input.customerId) return { refused: M.customerNotFound };
    const customerId = input.customerId;
    try {
      // A savepoint: a contract refused halfway leaves no draft in the batch's transaction.
      const id = await tx.transaction((savepoint) =>
        importActiveContract(savepoint, systemClock, context.actorId, {
          branchId: branchOf(context),
          customerId,
          projectType: (input.projectType ?? '').trim(),
          serialNumbers: input.serialNumbers ?? [],
          startDate: input.startDate,
          termMonths: input.termMonths,
          visitsPerTerm: input.visitsPerTerm,
          price: input.price,
          priceIncludesTax: input.priceIncludesTax,
          gstRate: input.gstRate,
          coverage: input.coverage,
          notes: input.notes,
        }),
      );
      return { id };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return { refused: error.message };
      throw error;
    }
  },
};

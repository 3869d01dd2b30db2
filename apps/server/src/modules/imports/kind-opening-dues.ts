import { normalizePhone } from '@karya/domain/contact-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import { printedDate } from '@karya/domain/format';
import {
  OPENING_DUE_MESSAGES as M,
  type OpeningDueInput,
} from '@karya/domain/import-kinds/opening-dues';
import { toPaise } from '@karya/domain/money';
import { isUniqueViolation } from '../../db/errors';
import { billsByNumbers, recordOpeningDue } from '../billing';
import { contactIdsByPhone } from '../contacts';
import { openSettledOrder } from '../work-orders';
import { branchOf, type ImportWriter, refusedRow } from './kind-writer';

type Input = OpeningDueInput & { customerId?: string };

const nationalOf = (phone: string) => normalizePhone(phone).national;

/**
 * Opening dues (decision 050): each row becomes a settled order of the customer carrying a
 * bill under the old system's number, confirmed and owed on, as billing keeps a bill from
 * before invoices existed. The same as any bill or invoice of that number; a file never
 * changes one (payments may have been taken on it since), so 'update' refuses the row.
 */
export const openingDuesWriter: ImportWriter<Input> = {
  noun: 'due',
  async prepare(db, context, inputs) {
    const nationals = [...new Set(inputs.map((input) => nationalOf(input.phoneNumber)))];
    const customerIds = await contactIdsByPhone(db, 'customers', branchOf(context), nationals);
    const today = indiaDate(new Date());
    return inputs.map((input) => {
      const customerId = customerIds.get(nationalOf(input.phoneNumber));
      if (!customerId) return refusedRow('Customer Phone', M.customerNotFound);
      if (input.invoiceDate > today) return refusedRow('Invoice Date', M.futureDate);
      return { ok: true, input: { ...input, customerId } };
    });
  },
  existing: (db, _context, keys) => billsByNumbers(db, keys),
  async save(tx, context, input, existingId) {
    if (existingId) return { refused: M.numberExists };
    if (!input.customerId) return { refused: M.customerNotFound };
    const customerId = input.customerId;
    const number = input.invoiceNumber.trim();
    const at = new Date();
    try {
      // A savepoint: a number taken meanwhile refuses this row, not the batch.
      const id = await tx.transaction(async (savepoint) => {
        const order = await openSettledOrder(savepoint, {
          customerId,
          branchId: branchOf(context),
          projectType: M.projectType,
          remark: `Opening due from the old system: invoice ${number} of ${printedDate(input.invoiceDate)}`,
          createdBy: context.actorId,
          at,
        });
        return recordOpeningDue(savepoint, {
          workOrderId: order.id,
          number,
          invoiceDate: input.invoiceDate,
          totalPaise: toPaise(input.amount),
          receivedPaise: toPaise(input.received),
          confirmedBy: context.actorId,
          at,
        });
      });
      return { id };
    } catch (error) {
      if (isUniqueViolation(error)) return { refused: M.numberExists };
      throw error;
    }
  },
};

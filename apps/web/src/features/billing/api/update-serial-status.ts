import type { UpdateSerialStatusInput } from '@karya/domain/bill-schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /update-serial-status after a payment (spec 2 §7): the server already marked the
 * bill's serials used when it confirmed, so this only checks them; a failure is only logged.
 */
export async function reportUsedSerials(input: UpdateSerialStatusInput): Promise<void> {
  if (input.serialNumbers.length === 0) return;
  try {
    await apiRequest('POST', '/update-serial-status', input);
  } catch (error) {
    console.warn('update-serial-status failed', error);
  }
}

import type { ManagerAddTechnicianInput } from '@karya/domain/user-schemas';
import { USER_MESSAGES } from '@karya/domain/user-schemas';
import { hashPassword } from '../../auth/password';
import { type ImportedTechnician, saveImportedTechnician, usersByKeys } from '../users';
import { branchOf, type ImportWriter, refusedRow } from './kind-writer';

type Input = Omit<ManagerAddTechnicianInput, 'branch'>;

/**
 * Technicians: the same by username, or by email among the branch's technicians. A username
 * another user holds (an admin, a manager, another branch's technician) is refused as the form
 * refuses it. The password is hashed at the preview: the import keeps only the hash.
 */
export const techniciansWriter: ImportWriter<Input | ImportedTechnician> = {
  noun: 'technician',
  async prepare(db, context, inputs) {
    const branchId = branchOf(context);
    const taken = await usersByKeys(
      db,
      branchId,
      inputs.map((input) => `username:${input.username.toLowerCase()}`),
    );
    return Promise.all(
      inputs.map(async (input) => {
        const holder = taken.get(`username:${input.username.toLowerCase()}`);
        if (holder && (holder.role !== 'technician' || holder.branchId !== branchId))
          return refusedRow('Username', USER_MESSAGES.usernameExists);
        if (!('password' in input)) return { ok: true as const, input };
        const { password, ...rest } = input;
        return {
          ok: true as const,
          input: { ...rest, passwordHash: await hashPassword(password) },
        };
      }),
    );
  },
  async existing(db, context, keys) {
    const branchId = branchOf(context);
    const rows = await usersByKeys(db, branchId, keys);
    const found = new Map<string, string>();
    for (const [key, row] of rows)
      if (row.role === 'technician' && row.branchId === branchId) found.set(key, row.id);
    return found;
  },
  async save(tx, context, input, existingId) {
    if (!('passwordHash' in input)) throw new Error('a technician row kept without its hash');
    return { id: await saveImportedTechnician(tx, branchOf(context), input, existingId) };
  },
};

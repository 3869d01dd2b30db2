import type { Role } from '@karya/domain/roles';
import { hashPassword } from '../../src/auth/password';
import type { Database } from '../../src/db/client';
import { bills, branches, users } from '../../src/db/schema';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

export async function createBranch(
  db: Database,
  overrides: Partial<typeof branches.$inferInsert> = {},
) {
  const [branch] = await db
    .insert(branches)
    .values({ name: `Branch ${next()}`, location: 'Pune', ...overrides })
    .returning();
  if (!branch) throw new Error('branch not created');
  return branch;
}

export interface CreatedUser {
  id: string;
  username: string;
  password: string;
  role: Role;
  branchId: string | null;
}

export async function createUser(
  db: Database,
  role: Role,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<CreatedUser> {
  const { password = 'secret-123', ...values } = overrides;
  const username = values.username ?? `${role}_${next()}`;
  const [user] = await db
    .insert(users)
    .values({
      firstName: role[0]?.toUpperCase() + role.slice(1),
      lastName: next(),
      email: `${username}@example.com`,
      role,
      activeManagerStatus: role === 'manager' ? 'active' : null,
      ...values,
      username,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { id: user.id, username, password, role, branchId: user.branchId };
}

/**
 * A confirmed, fully paid bill of a work order, inserted directly (the billing endpoints
 * come with the billing issue). Amounts in rupees.
 */
export async function createPaidBill(
  db: Database,
  workOrderId: string,
  overrides: Partial<typeof bills.$inferInsert> & { amount?: number } = {},
) {
  const { amount = 1500, ...values } = overrides;
  const paise = Math.round(amount * 100);
  const [bill] = await db
    .insert(bills)
    .values({
      billNumber: `BILL-${next()}`,
      workOrderId,
      totalPaise: paise,
      paidPaise: paise,
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      paidAt: new Date(),
      ...values,
    })
    .returning();
  if (!bill) throw new Error('bill not created');
  return bill;
}

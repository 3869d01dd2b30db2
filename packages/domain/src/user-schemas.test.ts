import { describe, expect, it } from 'vitest';
import {
  accountPasswordFormSchema,
  addAdminFormSchema,
  addBranchUserSchema,
  updateUserSchema,
} from './user-schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

const admin = {
  firstName: 'A',
  lastName: 'B',
  username: 'ab',
  email: 'ab@example.com',
  password: 'secret-1',
  confirmPassword: 'secret-1',
};

describe('user schemas', () => {
  it('reports a missing field before a malformed one', () => {
    expect(
      firstMessage(addAdminFormSchema.safeParse({ ...admin, firstName: '', email: 'x' })),
    ).toBe('Please fill in all required fields');
    expect(firstMessage(addAdminFormSchema.safeParse({ ...admin, email: 'x' }))).toBe(
      'Please enter a valid email address',
    );
  });

  it('checks the confirmation only in the form variant', () => {
    expect(firstMessage(addAdminFormSchema.safeParse({ ...admin, confirmPassword: 'other' }))).toBe(
      'Passwords do not match',
    );
    expect(
      firstMessage(
        accountPasswordFormSchema.safeParse({
          currentPassword: 'a',
          newPassword: 'secret-2',
          confirmPassword: 'secret-3',
        }),
      ),
    ).toBe('New password and confirmation do not match');
  });

  it('asks for a branch and drops nothing else', () => {
    expect(firstMessage(addBranchUserSchema.safeParse({ ...admin, branch: '' }))).toBe(
      'Please select a branch',
    );
  });

  it('accepts an empty password on edit and refuses a short one', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'ab@example.com' };
    expect(updateUserSchema.safeParse({ ...base, password: '' }).success).toBe(true);
    expect(firstMessage(updateUserSchema.safeParse({ ...base, password: '123' }))).toBe(
      'Password must be at least 6 characters long',
    );
  });
});

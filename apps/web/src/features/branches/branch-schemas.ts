import { BRANCH_MESSAGES, UPI_VPA_PATTERN } from '@karya/domain/branch-schemas';
import { z } from 'zod';

/** Spec 1 §5 "Add branch" as a form (every field a string), messages from packages/domain. */
const BRANCH_REQUIRED_MESSAGE = BRANCH_MESSAGES.nameAndLocationRequired;

/** The branch form of Add New Branch and Edit Branch: blank UPI fields mean the default payee. */
export const branchFormSchema = z.object({
  name: z.string().trim().min(1, BRANCH_REQUIRED_MESSAGE),
  location: z.string().trim().min(1, BRANCH_REQUIRED_MESSAGE),
  address: z.string().trim(),
  phone: z.string().trim(),
  status: z.enum(['active', 'inactive']),
  upiVpa: z
    .string()
    .trim()
    .refine((value) => value === '' || UPI_VPA_PATTERN.test(value), BRANCH_MESSAGES.invalidUpiVpa),
  upiName: z.string().trim(),
});
export type BranchFormInput = z.infer<typeof branchFormSchema>;

export const EMPTY_BRANCH_FORM: BranchFormInput = {
  name: '',
  location: '',
  address: '',
  phone: '',
  status: 'active',
  upiVpa: '',
  upiName: '',
};

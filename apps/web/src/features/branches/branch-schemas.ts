import { BRANCH_MESSAGES } from '@karya/domain/branch-schemas';
import { z } from 'zod';

/** Spec 1 §5 "Add branch" as a form (every field a string), messages from packages/domain. */
export const BRANCH_REQUIRED_MESSAGE = BRANCH_MESSAGES.nameAndLocationRequired;

export const addBranchSchema = z.object({
  name: z.string().trim().min(1, BRANCH_REQUIRED_MESSAGE),
  location: z.string().trim().min(1, BRANCH_REQUIRED_MESSAGE),
  address: z.string().trim(),
  phone: z.string().trim(),
  status: z.enum(['active', 'inactive']),
});
export type AddBranchInput = z.infer<typeof addBranchSchema>;

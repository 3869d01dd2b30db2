import {
  EMAIL_PATTERN,
  USER_MESSAGES as MESSAGES,
  PASSWORD_MIN_LENGTH,
} from '@karya/domain/user-schemas';
import { z } from 'zod';

/**
 * Spec 1 §5 form rules with the spec's own messages (from packages/domain, shared with the
 * server). The forms add what only a form has: the password confirmation, the
 * branch rule that depends on who is adding.
 */
export const USER_MESSAGES = {
  required: MESSAGES.requiredFields,
  email: MESSAGES.invalidEmail,
  passwordLength: MESSAGES.passwordTooShort,
  passwordsDiffer: MESSAGES.passwordsDoNotMatch,
  selectBranch: MESSAGES.selectBranch,
  noBranches: MESSAGES.noBranches,
  bothPasswords: MESSAGES.bothPasswordsRequired,
  usernameUnchangeable: MESSAGES.usernameUnchangeable,
} as const;

const required = (message: string = USER_MESSAGES.required) => z.string().trim().min(1, message);
const email = required().regex(EMAIL_PATTERN, USER_MESSAGES.email);
const status = z.enum(['active', 'inactive']);

const newUserFields = {
  firstName: required(),
  lastName: required(),
  username: required(),
  email,
  password: z
    .string()
    .min(1, USER_MESSAGES.required)
    .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordLength),
  confirmPassword: z.string(),
  phone: z.string().trim(),
  status,
};

const passwordsMatch = {
  check: (value: { password: string; confirmPassword: string }) =>
    value.password === value.confirmPassword,
  params: { message: USER_MESSAGES.passwordsDiffer, path: ['confirmPassword'] },
};

export const addAdminSchema = z
  .object({ ...newUserFields, location: z.string().trim() })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type AddAdminInput = z.infer<typeof addAdminSchema>;

export const addManagerSchema = z
  .object({ ...newUserFields, branch: required() })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type AddManagerInput = z.infer<typeof addManagerSchema>;

/** A manager adds to their own branch, so only an admin picks one. */
export function addTechnicianSchema(pickBranch: boolean) {
  return z
    .object({
      ...newUserFields,
      branch: pickBranch ? required(USER_MESSAGES.selectBranch) : z.string(),
    })
    .refine(passwordsMatch.check, passwordsMatch.params);
}
export type AddTechnicianInput = z.infer<ReturnType<typeof addTechnicianSchema>>;

export const editManagerSchema = z.object({
  firstName: required(),
  lastName: required(),
  email,
  phone: z.string().trim(),
  branch: required(),
  status,
});
export type EditManagerInput = z.infer<typeof editManagerSchema>;

export function editTechnicianSchema(pickBranch: boolean) {
  return z.object({
    firstName: required(),
    lastName: required(),
    email,
    phone: z.string().trim(),
    branch: pickBranch ? required(USER_MESSAGES.selectBranch) : z.string(),
    status,
  });
}
export type EditTechnicianInput = z.infer<ReturnType<typeof editTechnicianSchema>>;

export const resetPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(1, USER_MESSAGES.bothPasswords)
      .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordLength),
    confirmPassword: z.string().min(1, USER_MESSAGES.bothPasswords),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: USER_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, USER_MESSAGES } from '@karya/domain/user-schemas';
import { z } from 'zod';

/** Spec 1 §5 "Account settings", with the messages packages/domain shares with the server. */
export const ACCOUNT_MESSAGES = {
  required: USER_MESSAGES.requiredFields,
  email: USER_MESSAGES.invalidEmail,
  allPasswords: USER_MESSAGES.allPasswordsRequired,
  mismatch: USER_MESSAGES.newPasswordMismatch,
  passwordLength: USER_MESSAGES.passwordTooShort,
  usernameUnchangeable: USER_MESSAGES.usernameUnchangeable,
} as const;
const required = z.string().trim().min(1, ACCOUNT_MESSAGES.required);

export const profileSchema = z.object({
  firstName: required,
  lastName: required,
  email: required.regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.email),
  phone: z.string().trim(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const passwordField = z.string().min(1, ACCOUNT_MESSAGES.allPasswords);

export const changePasswordSchema = z
  .object({
    currentPassword: passwordField,
    newPassword: passwordField.min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordLength),
    confirmPassword: passwordField,
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: ACCOUNT_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The login form's rules without zod: the login screen is the first thing a phone loads,
 * and a validation library would be most of its script. loginSchema (auth-schemas.ts)
 * applies the same rules with the same messages on the server; a test keeps them agreeing.
 */
export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

export interface LoginFields {
  username: string;
  password: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginFields, string>>;

/** The field errors of a login attempt: none when it may be sent (the username is trimmed). */
export function loginFieldErrors(input: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (input.username.trim() === '') errors.username = LOGIN_MESSAGES.usernameRequired;
  if (input.password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}

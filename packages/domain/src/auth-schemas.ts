import { z } from 'zod';
import { LOGIN_MESSAGES } from './login-form';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const loginSchema = z.object({
  username: required(LOGIN_MESSAGES.usernameRequired),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  inactiveAccount: 'Your account is inactive. Please contact your administrator.',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out successfully',
  pleaseLogIn: 'Please log in',
  forbidden: 'You do not have permission to do this',
  noBranch: 'Your account has no branch',
} as const;

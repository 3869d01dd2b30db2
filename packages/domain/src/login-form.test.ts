import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth-schemas';
import { LOGIN_MESSAGES, loginFieldErrors } from './login-form';

/** What loginSchema says of an input, in the shape loginFieldErrors answers. */
function schemaErrors(input: { username: string; password: string }) {
  const result = loginSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('the login form’s rules', () => {
  const inputs = [
    { username: '', password: '' },
    { username: '   ', password: 'secret' },
    { username: 'meera', password: '' },
    { username: ' meera ', password: ' ' },
    { username: 'meera', password: 'secret-123' },
  ];

  it.each(inputs)('agree with loginSchema for %o', (input) => {
    expect(loginFieldErrors(input)).toEqual(schemaErrors(input));
  });

  it('says which field is missing in the spec’s words', () => {
    expect(loginFieldErrors({ username: ' ', password: '' })).toEqual({
      username: LOGIN_MESSAGES.usernameRequired,
      password: LOGIN_MESSAGES.passwordRequired,
    });
  });
});

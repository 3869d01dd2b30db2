import {
  type LoginFieldErrors,
  type LoginFields,
  loginFieldErrors,
} from '@karya/domain/login-form';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

/**
 * Spec 1 §2.2. A plain form, checked by loginFieldErrors (the rules of loginSchema without
 * zod): the login screen is the first script a phone loads, so it carries no form or
 * validation library. Like the desk's forms, fields are checked on submit and, after a
 * failed submit, again as they change.
 */
export function LoginPage() {
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<LoginFields>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  // The form shows at once, while the session check runs (index.html started it): whoever
  // opens /login is almost always signed out, and one who is not is sent on when it answers.
  if (user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const change = (name: keyof LoginFields) => (event: { target: { value: string } }) => {
    const next = { ...fields, [name]: event.target.value };
    setFields(next);
    if (submitted) setErrors(loginFieldErrors(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = loginFieldErrors(fields);
    setErrors(found);
    // A banner from the previous attempt would contradict the field errors now shown.
    setFailure(null);
    const firstInvalid = (['username', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      const input = event.currentTarget.elements.namedItem(firstInvalid);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login(fields.username.trim(), fields.password);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Login failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-slate-100 to-blue-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <img src="/karya.svg" alt="Karya" width={56} height={56} className="mb-4 size-14" />
          <h1 className="text-xl font-semibold text-slate-900">Login to Your Account</h1>
        </div>

        {failure ? <Alert className="mb-4">{failure}</Alert> : null}

        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <TextField
            label="Username"
            placeholder="Enter your username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            name="username"
            value={fields.username}
            onChange={change('username')}
            error={errors.username}
          />
          <TextField
            label="Password"
            type="password"
            placeholder="Enter your password"
            autoComplete="current-password"
            required
            name="password"
            value={fields.password}
            onChange={change('password')}
            error={errors.password}
          />
          <Button
            type="submit"
            className="w-full"
            size="lg"
            loading={isSubmitting}
            loadingText="Signing in..."
          >
            Sign in
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          New to Karya?{' '}
          <a href="/welcome" className="font-medium text-blue-700 hover:underline">
            See what it does and book a demo
          </a>
        </p>
      </div>
    </main>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@karya/domain/auth-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useAuth } from './auth-context';

/** Spec 1 §2.2. */
export function LoginPage() {
  const { user, isLoading, login } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  if (isLoading) return <Loading fullScreen />;
  if (user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(
    async ({ username, password }) => {
      setFailure(null);
      try {
        await login(username, password);
        navigate('/dashboard', { replace: true });
      } catch (error) {
        setFailure(errorMessage(error, 'Login failed'));
      }
    },
    // A banner from the previous attempt would contradict the field errors now shown.
    () => setFailure(null),
  );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-slate-100 to-blue-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <img src="/karya.svg" alt="Karya" width={56} height={56} className="mb-4 size-14" />
          <h1 className="text-xl font-semibold text-slate-900">Login to Your Account</h1>
        </div>

        {failure ? <Alert className="mb-4">{failure}</Alert> : null}

        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField
            label="Username"
            placeholder="Enter your username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label="Password"
            type="password"
            placeholder="Enter your password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
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

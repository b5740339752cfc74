import { zodResolver } from '@hookform/resolvers/zod';
import { paths, type SignInInput, signInSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAuthActions } from '../../app/session/auth-provider.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AuthShell } from './components/auth-shell.tsx';
import { inputClass } from './components/field-styles.ts';
import { FormAlert } from './components/form-alert.tsx';
import { errorAria, FormField } from './components/form-field.tsx';
import { PasswordInput } from './components/password-input.tsx';
import { SubmitButton } from './components/submit-button.tsx';
import { LoginAside } from './login-aside.tsx';
import { submitError } from './submit-error.ts';

export function LoginPage() {
  usePageTitle('Welcome Back');
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await signIn(input);
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      const failure = submitError(error, 'Failed to sign in');
      for (const field of ['email', 'password'] as const) {
        const message = failure.fields[field];
        if (message) setError(field, { message });
      }
      setFormError(failure.message);
    }
  });

  return (
    <AuthShell
      title="Welcome Back"
      lead="Sign in to pick up where you left off."
      back={{ to: paths.home, label: 'Back to home' }}
      aside={<LoginAside />}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormField id="email" label="Email" error={errors.email?.message}>
          <input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            className={inputClass(Boolean(errors.email))}
            {...errorAria('email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            {...errorAria('password', errors.password?.message)}
            {...register('password')}
          />
        </FormField>
        <FormAlert message={formError} />
        <SubmitButton busy={isSubmitting} busyLabel="Signing In...">
          Sign In
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm text-slate-600">
        New to Tickerwise?{' '}
        <Link to={paths.pricing} className="font-semibold text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthShell>
  );
}

export { LoginPage as Component };

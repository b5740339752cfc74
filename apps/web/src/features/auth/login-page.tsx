import { zodResolver } from '@hookform/resolvers/zod';
import { paths, type SignInInput, signInSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { useAuthActions } from '../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../lib/submit-error.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AccountForm } from './components/account-form.tsx';
import { AuthShell } from './components/auth-shell.tsx';
import { LoginAside } from './login-aside.tsx';

export function LoginPage() {
  usePageTitle('Welcome Back');
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  // Settings sends a user here once their account is deleted (docs/PRODUCT.md §3.19).
  const state = useLocation().state as {
    accountDeleted?: boolean;
    passwordReset?: boolean;
  } | null;
  const accountDeleted = state?.accountDeleted;
  // The reset page sends a user here once their new password is set.
  const passwordReset = state?.passwordReset;
  const [formError, setFormError] = useState<string>();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await signIn(input);
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      setFormError(showSubmitError(form, error, 'Failed to sign in'));
    }
  });

  return (
    <AuthShell
      title="Welcome Back"
      lead="Sign in to pick up where you left off."
      back={{ to: paths.home, label: 'Back to home' }}
      aside={<LoginAside />}
    >
      {accountDeleted && (
        <Alert tone="success" className="mb-6">
          Your account is deleted and you're signed out everywhere. Thank you for using Tickerwise.
        </Alert>
      )}
      {passwordReset && (
        <Alert tone="success" className="mb-6">
          Your new password is set and every device is signed out. Sign in with it below.
        </Alert>
      )}
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        purpose="sign-in"
        error={formError}
        submitLabel="Sign In"
        busyLabel="Signing In..."
        belowPassword={
          <p className="-mt-2 text-right text-sm">
            <Link
              to={paths.forgotPassword}
              state={{ email: form.getValues('email') }}
              className="font-medium text-brand-700 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
        }
      />
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

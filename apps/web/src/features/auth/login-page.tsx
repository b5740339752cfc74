import { zodResolver } from '@hookform/resolvers/zod';
import { paths, type SignInInput, signInSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAuthActions } from '../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../lib/submit-error.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AccountForm } from './components/account-form.tsx';
import { AuthShell } from './components/auth-shell.tsx';
import { SecondStepForm } from './components/second-step-form.tsx';
import { LoginAside } from './login-aside.tsx';

export function LoginPage() {
  usePageTitle('Welcome Back');
  const { signIn, signInWithCode } = useAuthActions();
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
  /** After the password, an account with two-factor sign-in asks for a code. */
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [restartReason, setRestartReason] = useState<string>();
  /** Past the failure ceiling, a new browser may ask for a code by email (docs/PRODUCT.md §5). */
  const [emailCode, setEmailCode] = useState<'offered' | 'sending' | 'sent'>();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(undefined);
    setRestartReason(undefined);
    try {
      const signedIn = await signIn(input);
      if (signedIn === 'code') {
        setStep('code');
        return;
      }
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'new_browser_paused') {
        setEmailCode((state) => state ?? 'offered');
      }
      setFormError(showSubmitError(form, error, 'Failed to sign in'));
    }
  });

  const sendEmailCode = async () => {
    setEmailCode('sending');
    setFormError(undefined);
    try {
      const { emailCodeRequest } = await import('../../lib/session/api/sign-in.ts');
      await emailCodeRequest(form.getValues('email'));
      setEmailCode('sent');
    } catch (error) {
      setEmailCode('offered');
      setFormError(
        error instanceof ApiRequestError ? error.message : 'The code could not be sent. Try again.',
      );
    }
  };

  if (step === 'code') {
    return (
      <AuthShell
        title="Two-Factor Sign-In"
        lead="One more step: the code from your authenticator app."
        back={{ to: paths.home, label: 'Back to home' }}
        aside={<LoginAside />}
      >
        <SecondStepForm
          onCode={async (input) => {
            await signInWithCode(input);
            navigate(paths.dashboard, { replace: true });
          }}
          onRestart={(reason) => {
            form.setValue('password', '');
            setRestartReason(reason);
            setStep('password');
          }}
        />
        <p className="mt-8 text-center text-sm text-slate-600">
          Lost your phone and your recovery codes?{' '}
          <Link to={paths.support} className="font-semibold text-brand-700 hover:underline">
            Contact support
          </Link>
        </p>
      </AuthShell>
    );
  }

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
      {restartReason && <Alert className="mb-6">{restartReason}</Alert>}
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
          <>
            <p className="-mt-2 text-right text-sm">
              <Link
                to={paths.forgotPassword}
                state={{ email: form.getValues('email') }}
                className="font-medium text-brand-700 hover:underline"
              >
                Forgot password?
              </Link>
            </p>
            {emailCode === 'sent' && (
              <Alert tone="success">
                If this address has an account, a code is on its way. Enter it here with your
                password within 10 minutes.
              </Alert>
            )}
            {emailCode === 'sent' ? (
              <TextField
                form={form}
                name="emailCode"
                label="Code from the email"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                format={(value) => value.replace(/\D/g, '').slice(0, 6)}
                figures
              />
            ) : emailCode ? (
              <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
                <p>Rather not wait? We can email a one-time code to this address.</p>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  busy={emailCode === 'sending'}
                  busyLabel="Sending..."
                  onClick={sendEmailCode}
                >
                  Email me a code
                </Button>
              </div>
            ) : null}
          </>
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

import { zodResolver } from '@hookform/resolvers/zod';
import {
  paths,
  type RequestPasswordResetInput,
  requestPasswordResetSchema,
} from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { showSubmitError } from '../../lib/submit-error.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RecoveryForm, RecoveryFrame } from './components/recovery-frame.tsx';

/** "Forgot password?": asks for a reset link by email (docs/PRODUCT.md §5). */
export function ForgotPasswordPage() {
  usePageTitle('Reset Your Password');
  const typed = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: typed },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await apiRequest('/api/auth/request-password-reset', { body: input });
      setSentTo(input.email);
    } catch (error) {
      setFormError(showSubmitError(form, error, 'We could not send the link. Please try again.'));
    }
  });

  return (
    <RecoveryFrame
      title="Reset Your Password"
      lead="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sentTo ? (
        <div className="space-y-6">
          <Alert tone="success" title="Check your inbox">
            If an account uses <strong className="break-all">{sentTo}</strong>, a link to choose a
            new password is on its way. It works once, for 30 minutes.
          </Alert>
          <p className="text-sm text-slate-600">
            Nothing after a few minutes? Look in your spam folder, check the address, or{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => setSentTo(undefined)}
            >
              send another link
            </button>
            .
          </p>
          <Link
            to={paths.login}
            className="block text-center text-sm font-semibold text-brand-700 hover:underline"
          >
            Back to sign in
          </Link>
        </div>
      ) : (
        <RecoveryForm
          onSubmit={onSubmit}
          error={formError}
          busy={form.formState.isSubmitting}
          submit={{ label: 'Send Reset Link', busyLabel: 'Sending Link...' }}
          footer={
            <p className="text-center text-sm text-slate-600">
              Remembered it?{' '}
              <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
                Sign in
              </Link>
            </p>
          }
        >
          <TextField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        </RecoveryForm>
      )}
    </RecoveryFrame>
  );
}

export { ForgotPasswordPage as Component };

import { zodResolver } from '@hookform/resolvers/zod';
import { paths, type ResetPasswordFormInput, resetPasswordFormSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { showSubmitError } from '../../lib/submit-error.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RecoveryForm, RecoveryFrame } from './components/recovery-frame.tsx';

/** A link that cannot be used (used already, expired, cut short): say so, offer a new one. */
function DeadLink({ reason }: { reason: string }) {
  return (
    <div className="space-y-6">
      <Alert title="This link cannot be used">{reason}</Alert>
      <Link to={paths.forgotPassword} className={buttonStyles({ size: 'full' })}>
        Ask for a New Link
      </Link>
    </div>
  );
}

/** Where the emailed reset link leads: choose a new password (docs/PRODUCT.md §5). */
export function ResetPasswordPage() {
  usePageTitle('Choose a New Password');
  const token = useSearchParams()[0].get('token');
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const [expired, setExpired] = useState(false);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFormError(undefined);
    try {
      await apiRequest('/api/auth/reset-password', { body: { token, newPassword } });
      navigate(paths.login, { replace: true, state: { passwordReset: true } });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_token') setExpired(true);
      else setFormError(showSubmitError(form, error, 'Your password could not be changed.'));
    }
  });

  return (
    <RecoveryFrame
      title="Choose a New Password"
      lead="Setting it signs you out on every device and revokes your API keys."
    >
      {!token ? (
        <DeadLink reason="The link is incomplete. Open it again from the email, or ask for a new one." />
      ) : expired ? (
        <DeadLink reason="It has been used already, or its 30 minutes are over. Ask for a new link: it takes a minute." />
      ) : (
        <RecoveryForm
          onSubmit={onSubmit}
          error={formError}
          busy={form.formState.isSubmitting}
          submit={{ label: 'Set New Password', busyLabel: 'Saving Password...' }}
        >
          <NewPasswordFields form={form} />
        </RecoveryForm>
      )}
    </RecoveryFrame>
  );
}

export { ResetPasswordPage as Component };

import { type EmailChangeResult, emailChangeResultSchema, paths } from '@tickerwise/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { DeadEmailChangeLink, EmailChangeFrame } from './components/email-change-frame.tsx';

/**
 * Where the link in the notice to the old address leads: a button gives the account its old
 * address back and signs it out everywhere (a mail scanner that opens the link changes nothing).
 */
export function UndoEmailChangePage() {
  usePageTitle('Undo the Email Change');
  const token = useSearchParams()[0].get('token');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<EmailChangeResult>();
  const [error, setError] = useState<unknown>();

  const undo = async () => {
    setBusy(true);
    try {
      const answer = await apiRequest<unknown>('/api/email-change/undo', { body: { token } });
      setResult(emailChangeResultSchema.parse(answer));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <EmailChangeFrame
      title="Undo the Email Change"
      lead="Give your account its previous address back, and sign it out on every device."
    >
      {result ? (
        <div className="space-y-6">
          <Alert tone="success" title="Your previous address is back">
            Your account signs in with <strong className="break-all">{result.email}</strong> again,
            and every device was signed out. If you did not change the address yourself, someone
            knew your password: choose a new one now.
          </Alert>
          <Link to={paths.forgotPassword} className={buttonStyles({ size: 'full' })}>
            Choose a New Password
          </Link>
          <Link
            to={paths.login}
            className="block text-center text-sm font-semibold text-brand-700 hover:underline"
          >
            Sign in
          </Link>
        </div>
      ) : error || !token ? (
        <DeadEmailChangeLink error={error} />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-slate-600">
            Use this if you did not make the change. Everyone signed in to the account, on any
            device, is signed out.
          </p>
          <Button size="full" busy={busy} busyLabel="Undoing..." onClick={undo}>
            Undo the Change
          </Button>
        </div>
      )}
    </EmailChangeFrame>
  );
}

export { UndoEmailChangePage as Component };

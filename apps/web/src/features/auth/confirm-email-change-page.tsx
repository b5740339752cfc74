import { type EmailChangeResult, emailChangeResultSchema, paths } from '@tickerwise/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { DeadEmailChangeLink, EmailChangeFrame } from './components/email-change-frame.tsx';

type State =
  | { step: 'confirming' }
  | { step: 'done'; result: EmailChangeResult }
  /** `error` undefined: the link has no token. */
  | { step: 'failed'; error?: unknown };

/** Where the link to the new address leads: it confirms the change (docs/PRODUCT.md §3.19). */
export function ConfirmEmailChangePage() {
  usePageTitle('Confirm Your New Email');
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<State>({ step: 'confirming' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({ step: 'failed' });
      return;
    }
    apiRequest<unknown>('/api/email-change/confirm', { body: { token } }).then(
      (answer) => setState({ step: 'done', result: emailChangeResultSchema.parse(answer) }),
      (error: unknown) => setState({ step: 'failed', error }),
    );
  }, [token]);

  return (
    <EmailChangeFrame
      title="Confirm Your New Email"
      lead="The address you sign in to Tickerwise with."
    >
      {state.step === 'confirming' ? (
        <div className="flex items-center gap-3 text-slate-600">
          <Spinner label="Confirming your new address" />
          <span aria-hidden="true">Confirming your new address...</span>
        </div>
      ) : state.step === 'done' ? (
        <div className="space-y-6">
          <Alert tone="success" title="Your email is changed">
            You sign in with <strong className="break-all">{state.result.email}</strong> from now
            on. Your previous address got a notice with a link that undoes the change.
          </Alert>
          <Link to={paths.dashboard} className={buttonStyles({ size: 'full' })}>
            Go to the Dashboard
          </Link>
        </div>
      ) : (
        <DeadEmailChangeLink error={state.error} />
      )}
    </EmailChangeFrame>
  );
}

export { ConfirmEmailChangePage as Component };

import { paths, settingsPath } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { RecoveryFrame } from './recovery-frame.tsx';

/** The frame of the pages the links about a change of address lead to. */
export function EmailChangeFrame(props: { title: string; lead: ReactNode; children: ReactNode }) {
  return <RecoveryFrame {...props} back={{ to: paths.dashboard, label: 'Go to the dashboard' }} />;
}

/**
 * A link that cannot be used (used already, expired, replaced, cut short, or its address
 * taken meanwhile): says why, from the server's answer (none: the link lost its token), and
 * where to ask again.
 */
export function DeadEmailChangeLink({ error }: { error?: unknown }) {
  const reason =
    error === undefined
      ? 'The link is incomplete. Open it again from the email.'
      : error instanceof ApiRequestError && error.status < 500
        ? error.message
        : 'Something went wrong on our side. Open the link again in a minute.';
  return (
    <div className="space-y-6">
      <Alert title="This link cannot be used">{reason}</Alert>
      <p className="text-sm text-slate-600">
        To change your address, ask again in Settings, Profile: we send a new link.
      </p>
      <Link to={settingsPath('profile')} className={buttonStyles({ size: 'full' })}>
        Open Settings
      </Link>
    </div>
  );
}

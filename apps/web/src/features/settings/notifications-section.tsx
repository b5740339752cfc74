import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationPreferences,
  type NotificationSettings,
  paths,
  verificationResendSeconds,
} from '@tickerwise/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  notificationSettingsKey,
  resendVerification,
  useNotificationSettings,
  useUpdateNotificationPreferences,
} from './api/notification-preferences.ts';

interface ToggleRowProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** One preference: a switch with its label and a line on what it does. */
function ToggleRow({ label, description, checked, disabled, onChange }: ToggleRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-ink-950">
          {label}
        </p>
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${
          checked ? 'bg-brand-600' : 'bg-slate-300'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </button>
    </div>
  );
}

/** The switches of the section, in the order shown: one per email preference. */
const preferenceSwitches: {
  key: keyof NotificationPreferences;
  label: string;
  description: string;
}[] = [
  {
    key: 'alertEmails',
    label: 'Alert emails',
    description:
      'When an alert that asks for email fires. Several firings close together come as one email, at most one every 5 minutes.',
  },
  {
    key: 'alertEmailDefault',
    label: 'Email on for new alerts',
    description: "New alerts start with email on. Each alert's form can change it.",
  },
  {
    key: 'watchlistDigest',
    label: 'Daily watchlist digest',
    description:
      'After the US market closes: your watchlist symbols that moved 2% or more, ratings that changed and alerts that fired that day. Only on trading days, and only when something happened.',
  },
  {
    key: 'productNews',
    label: 'Product news',
    description: 'Now and then, what is new in Tickerwise.',
  },
];

/** Why alert emails and the digest wait, and the way to send the confirmation link again. */
function UnconfirmedAddress({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => setSent(true),
  });
  const failure =
    resend.error instanceof ApiRequestError
      ? resend.error.message
      : resend.error
        ? 'The link could not be sent. Please try again.'
        : undefined;
  return (
    <Alert
      tone="warning"
      title="Confirm your email address to get alert emails and the digest"
      action={
        <Button
          variant="secondary"
          size="sm"
          busy={resend.isPending}
          busyLabel="Sending..."
          disabled={sent}
          onClick={() => resend.mutate()}
        >
          {sent ? 'Link sent' : 'Resend the link'}
        </Button>
      }
    >
      {failure ??
        (sent
          ? `A new confirmation link is on its way to ${email}. You can ask again in ${verificationResendSeconds} seconds.`
          : `We only send alerts and digests to an address we know reaches you. Click the link we sent to ${email}.`)}
    </Alert>
  );
}

function Preferences({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationPreferences();
  const { preferences } = settings;
  const set = (change: Partial<NotificationPreferences>) => update.mutate(change);
  const saving = update.isPending;
  return (
    <>
      {!settings.emailVerified && <UnconfirmedAddress email={settings.email} />}
      {update.error && (
        <Alert tone="error" className="mt-2">
          {update.error instanceof ApiRequestError
            ? update.error.message
            : 'Your choice could not be saved. Please try again.'}
        </Alert>
      )}
      <div className="divide-y divide-slate-100">
        {preferenceSwitches.map(({ key, label, description }) => (
          <ToggleRow
            key={key}
            label={label}
            description={description}
            checked={preferences[key]}
            disabled={saving}
            onChange={(checked) => set({ [key]: checked })}
          />
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-500">
        Alerts always show in the app, in the bell and on{' '}
        <Link to={paths.alerts} className="font-medium text-brand-700 hover:underline">
          your alerts
        </Link>
        . Emails about your password and account always go to {settings.email}.
      </p>
    </>
  );
}

/** docs/PRODUCT.md §3.19, Notifications: what Tickerwise sends by email. */
export function NotificationsSection() {
  const queryClient = useQueryClient();
  const query = useNotificationSettings();
  return (
    <SettingsPanel
      title="Email notifications"
      description="Choose what we send you by email. Each choice saves at once; an unsubscribe link in an email turns the matching one off here too."
    >
      {query.data ? (
        <Preferences settings={query.data} />
      ) : query.isError ? (
        <ErrorState
          title="Your notification settings could not be loaded."
          onRetry={() => queryClient.invalidateQueries({ queryKey: notificationSettingsKey })}
          retrying={query.isFetching}
        />
      ) : (
        <div role="status" className="divide-y divide-slate-100">
          <span className="sr-only">Loading your notification settings</span>
          {preferenceSwitches.map(({ key }) => (
            <div key={key} className="flex items-start justify-between gap-4 py-4">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-72 max-w-full" />
              </div>
              <Skeleton className="h-6 w-11 rounded-full" />
            </div>
          ))}
        </div>
      )}
    </SettingsPanel>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEmailInput,
  changeEmailSchema,
  emailChangeConfirmHours,
  type Me,
} from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import {
  cancelEmailChange,
  emailChangeKey,
  requestEmailChange,
  useEmailChange,
} from '../api/email-change.ts';

const emptyForm: ChangeEmailInput = { newEmail: '', password: '' };

/**
 * Settings, Profile: the address one signs in with, and changing it (docs/PRODUCT.md §3.19):
 * the current password, then a link to the new address; the old one can undo it for 7 days.
 */
export function EmailPanel({ user }: { user: Me }) {
  const queryClient = useQueryClient();
  const status = useEmailChange();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  const [cancelling, setCancelling] = useState(false);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: emptyForm,
  });
  const email = status.data?.email ?? user.email;
  const pending = status.data?.pending;

  const close = () => {
    setEditing(false);
    setError(undefined);
    form.reset(emptyForm);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setError(undefined);
    try {
      queryClient.setQueryData(emailChangeKey, await requestEmailChange(input));
      close();
    } catch (caught) {
      setError(showSubmitError(form, caught, 'We could not send the link. Please try again.'));
    }
  });

  const onCancel = async () => {
    setCancelling(true);
    try {
      await cancelEmailChange();
    } finally {
      setCancelling(false);
      await queryClient.invalidateQueries({ queryKey: emailChangeKey });
    }
  };

  return (
    <SettingsPanel
      title="Email"
      description="You sign in with this address, and every email about your account goes to it."
    >
      <div className="max-w-md space-y-5">
        <div>
          <p className="text-sm font-medium text-ink-900">Current address</p>
          <p className="mt-1.5 truncate text-sm text-slate-600">{email}</p>
        </div>
        {status.isPending ? (
          <div role="status">
            <span className="sr-only">Loading your address</span>
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : pending ? (
          <Alert tone="info" title="Waiting for your confirmation">
            We sent a link to <strong className="break-all">{pending.email}</strong>. Your address
            stays {email} until you follow it (within {emailChangeConfirmHours} hours).{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline disabled:opacity-60"
              disabled={cancelling}
              onClick={onCancel}
            >
              {cancelling ? 'Cancelling...' : 'Cancel the change'}
            </button>
          </Alert>
        ) : null}
        {status.isError && !status.data ? (
          <Alert tone="warning">
            We could not check for a change waiting for confirmation.{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => status.refetch()}
            >
              Try again
            </button>
          </Alert>
        ) : null}
        {editing ? (
          <form noValidate onSubmit={onSubmit} className="space-y-5">
            <TextField
              form={form}
              name="newEmail"
              label="New email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
            <TextField
              form={form}
              name="password"
              label="Current password"
              type="password"
              autoComplete="current-password"
            />
            <p className="text-xs text-slate-500">
              We email a link to the new address; nothing changes until you follow it. Your current
              address then gets a notice with a link that undoes the change for 7 days.
            </p>
            {error && <Alert>{error}</Alert>}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Sending...">
                Send confirmation link
              </Button>
              <Button type="button" variant="ghost" onClick={close}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Change email
          </Button>
        )}
      </div>
    </SettingsPanel>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type Me, paths, planFor } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAuthActions } from '../../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { deleteAccount } from '../api/delete-account.ts';

/** What deleting the account does, said before anything is asked (docs/PRODUCT.md §5.1). */
function Consequences({ user }: { user: Me }) {
  const plan = planFor(user.subscription_tier);
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
      {plan.requiresPayment ? (
        <li>
          Your {plan.name} subscription is cancelled at once with our payment provider. Nothing more
          is charged, and the rest of this billing period is not refunded.
        </li>
      ) : null}
      <li>
        Your profile, sign-in, sessions, watchlists, alerts and their history, portfolios and their
        transactions, notifications, usage, API keys and everything else you keep in Tickerwise are
        deleted.
      </li>
      <li>
        Payments you made stay in our accounting records, as the law requires, with nothing that
        names you: no name, email or card digits.
      </li>
      <li>
        You're signed out on every device and {user.email} can no longer sign in. You may sign up
        again later, as a new account.
      </li>
      <li>This cannot be undone. Download your data first if you want a copy.</li>
    </ul>
  );
}

/** Settings, Your data: closing the account for good, confirmed with the password. */
export function DeleteAccountPanel({ user }: { user: Me }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      setError(undefined);
    }
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setError(undefined);
    try {
      await deleteAccount(input);
    } catch (failure) {
      setError(
        showSubmitError(form, failure, 'Your account could not be deleted. Please try again.'),
      );
      return;
    }
    // The server has ended every session; this clears what the browser remembers.
    await signOut();
    navigate(paths.login, { replace: true, state: { accountDeleted: true } });
  });

  return (
    <SettingsPanel
      tone="danger"
      title="Delete your account"
      description="Closes your Tickerwise account for good."
    >
      <Consequences user={user} />
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Delete your account?"
        description="Enter your password to confirm. This cannot be undone."
        trigger={
          <Button variant="danger" className="mt-5">
            Delete account...
          </Button>
        }
        footer={
          <>
            <DialogClose>
              <Button variant="secondary">Keep my account</Button>
            </DialogClose>
            <Button
              type="submit"
              form="delete-account-form"
              variant="danger"
              busy={form.formState.isSubmitting}
              busyLabel="Deleting..."
            >
              Delete my account
            </Button>
          </>
        }
      >
        <form id="delete-account-form" noValidate onSubmit={onSubmit} className="space-y-4">
          <Consequences user={user} />
          <TextField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          {error && <Alert>{error}</Alert>}
        </form>
      </Dialog>
    </SettingsPanel>
  );
}

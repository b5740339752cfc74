import { zodResolver } from '@hookform/resolvers/zod';
import { type Me, nameFormSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useAuthActions } from '../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../lib/submit-error.ts';
import { updateName } from './api/update-name.ts';
import { EmailPanel } from './components/email-panel.tsx';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * docs/PRODUCT.md §3.19, Profile: the name shown across Tickerwise, by the sign-up rules, and
 * the email address.
 */
export function ProfileSection({ user }: { user: Me }) {
  const { refreshUser } = useAuthActions();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: user.name },
  });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setOutcome(null);
    try {
      await updateName(name);
      await refreshUser();
      form.reset({ name });
      setOutcome({ tone: 'success', message: 'Your name is saved.' });
    } catch (error) {
      setOutcome({
        tone: 'error',
        message: showSubmitError(form, error, 'Your name could not be saved. Please try again.'),
      });
    }
  });

  return (
    <div className="space-y-6">
      <SettingsPanel title="Profile" description="How you appear across Tickerwise.">
        <form noValidate onSubmit={onSubmit} className="max-w-md space-y-5">
          <TextField form={form} name="name" label="Full Name" autoComplete="name" />
          {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
          <Button
            type="submit"
            busy={form.formState.isSubmitting}
            busyLabel="Saving..."
            disabled={!form.formState.isDirty}
          >
            Save name
          </Button>
        </form>
      </SettingsPanel>
      <EmailPanel user={user} />
    </div>
  );
}

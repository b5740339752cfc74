import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordFormSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { changePassword } from '../api/change-password.ts';
import { sessionsKey } from '../api/get-sessions.ts';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Settings, Security: a new password, confirmed by the current one; other devices sign out and
 * the API keys are revoked (docs/PRODUCT.md §3.19).
 */
export function PasswordForm() {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string }>();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(undefined);
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset(emptyForm);
      setOutcome({
        tone: 'success',
        message:
          'Your password is changed. Every other device was signed out and any API keys were revoked.',
      });
    } catch (error) {
      setOutcome({
        tone: 'error',
        message: showSubmitError(
          form,
          error,
          'Your password could not be changed. Please try again.',
        ),
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      // The API tab's list of keys: a new password revokes them.
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    }
  });

  return (
    <SettingsPanel
      title="Password"
      description="Changing it signs you out on every other device and revokes your API keys."
    >
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-5">
        <TextField
          form={form}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} />
        {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Changing...">
          Change password
        </Button>
      </form>
    </SettingsPanel>
  );
}

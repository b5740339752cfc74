import { zodResolver } from '@hookform/resolvers/zod';
import { authenticatorCodeSchema, recoveryCodeSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { showSubmitError } from '../../../lib/submit-error.ts';

const appCode = z.object({ code: authenticatorCodeSchema.shape.code });
const recoveryCode = z.object({ code: z.string().pipe(recoveryCodeSchema.shape.code) });

interface SecondStepFormProps {
  /** Checks the code and signs in; throws the server's refusal. */
  onCode: (input: { code: string; recovery: boolean }) => Promise<void>;
  /** The step lapsed or took too many wrong codes: back to the password, with why. */
  onRestart: (reason: string) => void;
}

/**
 * The sign-in's second step (docs/PRODUCT.md §3.19): the 6-digit code from the authenticator
 * app, or one of the recovery codes instead.
 */
export function SecondStepForm({ onCode, onRestart }: SecondStepFormProps) {
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string>();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(recovery ? recoveryCode : appCode),
    defaultValues: { code: '' },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      await onCode({ code, recovery });
    } catch (error) {
      if (
        error instanceof ApiRequestError &&
        (error.code === 'sign_in_expired' || error.code === 'too_many_codes')
      ) {
        onRestart(error.message);
        return;
      }
      const message = showSubmitError(form, error, 'That code could not be checked. Try again.');
      // A wrong code is said under the field; other failures in the box.
      if (!(error instanceof ApiRequestError && error.fields.code)) setFormError(message);
    }
  });

  const switchKind = () => {
    setRecovery((value) => !value);
    setFormError(undefined);
    form.reset({ code: '' });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Tickerwise.'}
      </p>
      {recovery ? (
        <TextField
          key="recovery"
          form={form}
          name="code"
          label="Recovery code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcde-12345"
          figures
          autoFocus
        />
      ) : (
        <TextField
          key="app"
          form={form}
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          format={(value) => value.replace(/\D/g, '').slice(0, 6)}
          figures
          autoFocus
        />
      )}
      {formError && <Alert>{formError}</Alert>}
      <Button type="submit" size="full" busy={form.formState.isSubmitting} busyLabel="Checking...">
        Verify and sign in
      </Button>
      <p className="text-center text-sm">
        <button
          type="button"
          onClick={switchKind}
          className="font-medium text-brand-700 hover:underline"
        >
          {recovery ? 'Use the code from my app instead' : 'Use a recovery code instead'}
        </button>
      </p>
    </form>
  );
}

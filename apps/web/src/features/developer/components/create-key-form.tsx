import { zodResolver } from '@hookform/resolvers/zod';
import { type CreatedApiKey, createApiKeySchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { createApiKey } from '../api/api-keys.ts';

const emptyForm = { name: '', password: '' };

/**
 * A new key, named so the user can tell it apart later ("Trading bot"), and confirmed with the
 * password: a session left open is not enough to make one.
 */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [error, setError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: emptyForm,
  });
  const onSubmit = form.handleSubmit(async (input) => {
    setError(undefined);
    try {
      onCreated(await createApiKey(input));
      form.reset(emptyForm);
    } catch (failure) {
      setError(showSubmitError(form, failure, 'The key could not be created. Please try again.'));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          form={form}
          name="name"
          label="Key name"
          placeholder="e.g. Trading bot"
          autoComplete="off"
          className="flex-1 sm:max-w-xs"
        />
        <TextField
          form={form}
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          className="flex-1 sm:max-w-xs"
        />
        <Button
          type="submit"
          className="sm:mt-7"
          busy={form.formState.isSubmitting}
          busyLabel="Creating..."
        >
          Create key
        </Button>
      </div>
      {error && <Alert>{error}</Alert>}
    </form>
  );
}

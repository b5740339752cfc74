import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatedDestination,
  createDestinationSchema,
  type DestinationKind,
} from '@tickerwise/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { createDestination } from '../api/integrations.ts';

export const kindLabels: Record<DestinationKind, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
};

const placeholders: Record<DestinationKind, string> = {
  webhook: 'https://example.com/tickerwise-alerts',
  slack: 'https://hooks.slack.com/services/...',
  discord: 'https://discord.com/api/webhooks/...',
};

const emptyForm = { kind: 'webhook' as DestinationKind, name: '', url: '' };

/**
 * A new destination: its kind, a name to tell it apart, and the address to post to; `team`
 * adds it to the user's team instead (its Admins and Owner do).
 */
export function AddDestinationForm({
  onCreated,
  team = false,
}: {
  onCreated: (created: CreatedDestination) => void;
  team?: boolean;
}) {
  const [error, setError] = useState<string>();
  const kindId = useId();
  const form = useForm({
    resolver: zodResolver(createDestinationSchema),
    defaultValues: emptyForm,
  });
  const kind = form.watch('kind');
  const onSubmit = form.handleSubmit(async (input) => {
    setError(undefined);
    try {
      onCreated(await createDestination(team ? { ...input, team: true } : input));
      form.reset(emptyForm);
    } catch (failure) {
      setError(
        showSubmitError(form, failure, 'The destination could not be added. Please try again.'),
      );
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-3"
      aria-label={team ? 'Add a team destination' : 'Add a destination'}
    >
      <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start">
        <div>
          <label htmlFor={kindId} className="mb-1.5 block text-sm font-medium text-ink-900">
            Kind
          </label>
          <select id={kindId} className={inputStyles(false)} {...form.register('kind')}>
            {(Object.keys(kindLabels) as DestinationKind[]).map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          form={form}
          name="name"
          label="Name"
          placeholder="e.g. Trading desk"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="url"
          label={kind === 'webhook' ? 'Address (https)' : `${kindLabels[kind]} webhook address`}
          placeholder={placeholders[kind]}
          autoComplete="off"
          inputMode="url"
        />
        <Button
          type="submit"
          className="sm:mt-7"
          busy={form.formState.isSubmitting}
          busyLabel="Adding..."
        >
          Add
        </Button>
      </div>
      {error && <Alert>{error}</Alert>}
    </form>
  );
}

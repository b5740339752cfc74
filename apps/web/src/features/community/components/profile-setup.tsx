import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { saveProfile } from '../api/community-api.ts';

/** On a first visit: the public handle and display name (the email is never shown), a bio. */
export function ProfileSetup() {
  const id = useId();
  const queryClient = useQueryClient();
  const [handle, setHandle] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [bio, setBio] = useState('');
  const save = useMutation({
    mutationFn: () => saveProfile({ handle, displayName, bio }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
  const fields = save.error instanceof ApiRequestError ? save.error.fields : {};
  return (
    <Card size="md" className="max-w-xl">
      <h2 className="text-lg font-semibold text-ink-950">Choose how the community sees you</h2>
      <p className="mt-1 text-sm text-slate-600">
        Other members see your handle and display name, never your email.
      </p>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div>
          <label htmlFor={`${id}-handle`} className="text-sm font-medium text-ink-950">
            Handle
          </label>
          <div className="mt-1 flex items-center gap-1">
            <span className="text-slate-500">@</span>
            <input
              id={`${id}-handle`}
              value={handle}
              onChange={(event) => setHandle(event.target.value)}
              autoComplete="off"
              placeholder="value_investor"
              className={inputStyles(Boolean(fields.handle))}
            />
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {fields.handle ?? '3 to 20 letters, digits or underscores.'}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-ink-950">
            Display name
          </label>
          <input
            id={`${id}-name`}
            value={displayName}
            maxLength={40}
            onChange={(event) => setDisplayName(event.target.value)}
            className={`mt-1 ${inputStyles(Boolean(fields.displayName))}`}
          />
          {fields.displayName && <p className="mt-1 text-xs text-red-700">{fields.displayName}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-bio`} className="text-sm font-medium text-ink-950">
            Bio <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-bio`}
            value={bio}
            maxLength={280}
            rows={2}
            onChange={(event) => setBio(event.target.value)}
            className={`mt-1 ${inputStyles(false)}`}
          />
        </div>
        {save.error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
            {save.error.message}
          </p>
        )}
        <Button type="submit" variant="primary" busy={save.isPending}>
          Join the community
        </Button>
      </form>
    </Card>
  );
}

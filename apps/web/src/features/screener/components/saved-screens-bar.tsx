import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedScreen } from '@tickerwise/shared';
import { BellRing, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { UpgradeLink } from '../../../components/prices/delayed-badge.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, iconButtonStyles } from '../../../components/ui/button.tsx';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { savedScreensQuery } from '../api/screener-queries.ts';

/**
 * The user's saved screens: open one, save the current one under a name (with an alert when a
 * symbol enters it), turn its alert on or off, delete it. The plan's limit is shown beside
 * them; past it, the server's refusal names the plan that has more.
 */
export function SavedScreensBar({
  query,
  onOpen,
}: {
  /** The current screen's query string. */
  query: string;
  onOpen: (query: string) => void;
}) {
  const client = useQueryClient();
  const saved = useQuery(savedScreensQuery);
  const [name, setName] = useState('');
  const [alertOnEntry, setAlertOnEntry] = useState(true);
  const refresh = () => client.invalidateQueries({ queryKey: savedScreensQuery.queryKey });
  const create = useMutation({
    mutationFn: () =>
      apiRequest('/api/screens', { method: 'POST', body: { name, query, alertOnEntry } }),
    onSuccess: () => {
      setName('');
      return refresh();
    },
  });
  const update = useMutation({
    mutationFn: (screen: SavedScreen) =>
      apiRequest(`/api/screens/${screen.id}`, {
        method: 'PATCH',
        body: { alertOnEntry: !screen.alertOnEntry },
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (screen: SavedScreen) =>
      apiRequest(`/api/screens/${screen.id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate();
  };
  const screens = saved.data?.screens ?? [];
  const limit = saved.data?.limit;
  const full = limit !== undefined && screens.length >= limit;
  const error = create.error ?? update.error ?? remove.error;

  return (
    <section aria-labelledby="saved-screens-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saved-screens-heading" className="text-base font-semibold text-ink-950">
          Saved screens
        </h2>
        {limit !== undefined && (
          <span className="text-xs text-slate-500">
            {screens.length} of {limit} on your plan
          </span>
        )}
      </div>
      {saved.isError && <Alert>Your saved screens could not be loaded.</Alert>}
      {screens.length === 0 && saved.isSuccess && (
        <p className="text-sm text-slate-500">
          No saved screens yet. Save this one to open it again and hear when a symbol enters it.
        </p>
      )}
      {screens.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {screens.map((screen) => (
            <li
              key={screen.id}
              className="flex items-center gap-1 rounded-full border border-slate-200 bg-white py-0.5 pr-1 pl-3 text-sm"
            >
              <button
                type="button"
                onClick={() => onOpen(screen.query)}
                className="font-medium text-ink-950 hover:text-brand-700"
              >
                {screen.name}
              </button>
              <button
                type="button"
                aria-pressed={screen.alertOnEntry}
                aria-label={`Alert when a symbol enters ${screen.name}`}
                title={screen.alertOnEntry ? 'Alerts on entry' : 'No alerts'}
                onClick={() => update.mutate(screen)}
                className={`${iconButtonStyles('sm')} ${screen.alertOnEntry ? 'text-brand-700' : 'text-slate-300'}`}
              >
                <BellRing className="size-4" />
              </button>
              <button
                type="button"
                aria-label={`Delete ${screen.name}`}
                onClick={() => remove.mutate(screen)}
                className={iconButtonStyles('sm')}
              >
                <Trash2 className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Name this screen"
          aria-label="Name of the screen to save"
          maxLength={80}
          className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm sm:w-auto sm:max-w-64 sm:flex-1"
        />
        <label className="flex items-center gap-1.5 text-sm text-slate-600">
          <input
            type="checkbox"
            checked={alertOnEntry}
            onChange={(event) => setAlertOnEntry(event.target.checked)}
          />
          Alert me when a symbol enters
        </label>
        <Button type="submit" variant="secondary" size="sm" busy={create.isPending}>
          Save screen
        </Button>
      </form>
      {full && !error && (
        <p className="text-xs text-slate-500">
          Your plan's saved screens are used up: delete one, or <UpgradeLink forWhat="more" />.
        </p>
      )}
      {error && (
        <Alert>
          {error.message}
          {error instanceof ApiRequestError && error.status === 402 && (
            <>
              {' '}
              <UpgradeLink forWhat="more saved screens" />
            </>
          )}
        </Alert>
      )}
    </section>
  );
}

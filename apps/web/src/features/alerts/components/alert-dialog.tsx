import {
  type Alert,
  type AlertRepeat,
  type AlreadyMetChoice,
  createAlertSchema,
  type Destination,
  type DestinationList,
  formatUsd,
  type NotificationSettings,
  settingsPath,
  updateAlertSchema,
} from '@tickerwise/shared';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { SymbolPicker } from '../../../components/symbol-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  alreadyMetQuestionOf,
  createAlert,
  updateAlert,
  useAlertChange,
} from '../api/alert-changes.ts';
import { useAlertDestinations } from '../api/destinations.ts';
import { useNotificationSettings } from '../api/notification-settings.ts';
import { AlreadyMetQuestion } from './already-met-question.tsx';
import {
  type ConditionDraft,
  conditionOf,
  draftOf,
  kindGroups,
  ratingChoices,
  valueFieldOf,
} from './condition-fields.ts';

interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stock it is for (the stock page); otherwise the user picks one. */
  symbol?: string;
  /** The stock's price now, shown beside a price level. */
  currentPrice?: number;
  /** Editing this alert rather than setting a new one. */
  alert?: Alert;
  /** Shown above the form: the alerts already set on the stock. */
  existing?: ReactNode;
}

const blankDraft: ConditionDraft = { kind: 'price_above', value: '', period: '50', rating: 'buy' };
type Errors = Partial<Record<'symbol' | 'value' | 'note' | 'form', string>>;

/** Sets a new alert or edits one: what to wait for, once or every trading day, and a note. */
export function AlertDialog({
  open,
  onOpenChange,
  symbol,
  currentPrice,
  alert,
  existing,
}: AlertDialogProps) {
  const id = useId();
  const [chosen, setChosen] = useState(symbol ?? alert?.symbol ?? '');
  const [draft, setDraft] = useState<ConditionDraft>(blankDraft);
  const [repeat, setRepeat] = useState<AlertRepeat>('once');
  const [note, setNote] = useState('');
  /** Null until the user changes it: a new alert then takes the default of their settings. */
  const [email, setEmail] = useState<boolean | null>(null);
  const notifications = useNotificationSettings(open);
  /** Null until the user changes it: the alert's own destinations (none for a new one). */
  const [destinationIds, setDestinationIds] = useState<string[] | null>(null);
  const destinations = useAlertDestinations(open);
  const [errors, setErrors] = useState<Errors>({});
  /** The server's question when the level is already reached, with the body it was asked of. */
  const [asking, setAsking] = useState<{ question: string; body: object } | null>(null);
  /** What the server said of the saved alert (a day-change alert set outside the session). */
  const [notice, setNotice] = useState<string | null>(null);
  const save = useAlertChange(async (body: unknown) =>
    alert ? updateAlert(alert.id, body as never) : createAlert(body as never),
  );

  useEffect(() => {
    if (!open) return;
    setChosen(symbol ?? alert?.symbol ?? '');
    setDraft(alert ? draftOf(alert.condition) : blankDraft);
    setRepeat(alert?.repeat ?? 'once');
    setNote(alert?.note ?? '');
    setEmail(null);
    setDestinationIds(null);
    setErrors({});
    setAsking(null);
    setNotice(null);
  }, [open, symbol, alert]);

  const send = async (body: object) => {
    try {
      const saved = await save.mutateAsync(body);
      setAsking(null);
      if (saved.notice) setNotice(saved.notice);
      else onOpenChange(false);
    } catch (error) {
      const question = alreadyMetQuestionOf(error);
      if (question) {
        setAsking({ question, body });
      } else if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(errorsOf(Object.entries(error.fields)));
      } else {
        setErrors({ form: (error as Error).message });
      }
    }
  };
  const choose = (choice: AlreadyMetChoice) => {
    if (asking) void send({ ...asking.body, ifAlreadyMet: choice });
  };

  const valueField = valueFieldOf(draft.kind);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const delivery = {
      ...(email === null ? {} : { email }),
      ...(destinationIds === null ? {} : { destinationIds }),
    };
    const body = alert
      ? { condition: conditionOf(draft), repeat, note, ...delivery }
      : { symbol: chosen, condition: conditionOf(draft), repeat, note, ...delivery };
    const parsed = (alert ? updateAlertSchema : createAlertSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(
        errorsOf(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    setAsking(null);
    await send(body);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={alert ? `Edit alert on ${alert.symbol}` : symbol ? `Alert on ${symbol}` : 'New alert'}
      description="You get a notification in the bell the moment it fires."
    >
      {notice && (
        <div className="mt-4 space-y-4">
          <p
            role="status"
            className="rounded-xl border border-slate-200 bg-slate-50 p-3.5 text-sm text-slate-700"
          >
            {alert ? 'Alert saved.' : 'Alert set.'} {notice}
          </p>
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </div>
        </div>
      )}
      <form onSubmit={submit} noValidate hidden={notice !== null} className="mt-4 space-y-4">
        {existing}
        {!symbol && !alert && (
          <div>
            <p className="mb-1.5 block text-sm font-medium text-ink-900">Stock or ETF</p>
            {chosen ? (
              <div className="flex items-center justify-between rounded-xl border border-slate-300 px-3.5 py-2.5">
                <span className="font-semibold text-ink-950">{chosen}</span>
                <button
                  type="button"
                  onClick={() => setChosen('')}
                  className="text-sm font-semibold text-brand-700"
                >
                  Change
                </button>
              </div>
            ) : (
              <SymbolPicker label="Choose a symbol" onPick={(match) => setChosen(match.symbol)} />
            )}
            {errors.symbol && <p className="mt-1.5 text-sm text-red-700">{errors.symbol}</p>}
          </div>
        )}
        <div>
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-ink-900">
            Notify me when
          </label>
          <select
            id={`${id}-kind`}
            value={draft.kind}
            onChange={(event) =>
              setDraft({ ...draft, kind: event.target.value as ConditionDraft['kind'] })
            }
            className={`${inputStyles(false)} mt-1.5`}
          >
            {kindGroups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.kinds.map((option) => (
                  <option key={option.kind} value={option.kind}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {valueField && (
          <div>
            <label htmlFor={`${id}-value`} className="block text-sm font-medium text-ink-900">
              {valueField.label}
            </label>
            <div className="relative mt-1.5">
              {valueField.prefix && (
                <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500">
                  {valueField.prefix}
                </span>
              )}
              <input
                id={`${id}-value`}
                inputMode="decimal"
                autoComplete="off"
                value={draft.value}
                onChange={(event) => setDraft({ ...draft, value: event.target.value })}
                aria-invalid={Boolean(errors.value)}
                aria-describedby={`${id}-value-note`}
                className={`${inputStyles(Boolean(errors.value))} tabular-nums ${valueField.prefix ? 'pl-7' : ''}`}
              />
              {valueField.suffix && (
                <span className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-slate-500">
                  {valueField.suffix}
                </span>
              )}
            </div>
            <p
              id={`${id}-value-note`}
              className={`mt-1.5 text-sm ${errors.value ? 'text-red-700' : 'text-slate-500'}`}
            >
              {errors.value ??
                (valueField.prefix && currentPrice
                  ? `Now ${formatUsd(currentPrice)}. For a level it is already past, you choose: fire now or wait for the next crossing.`
                  : draft.kind === 'earnings_within'
                    ? "Checked on Finnhub's earnings calendar: “AAPL reports in 3 days”."
                    : 'The level itself counts.')}
            </p>
          </div>
        )}
        {(draft.kind === 'crosses_above_sma' || draft.kind === 'crosses_below_sma') && (
          <fieldset>
            <legend className="text-sm font-medium text-ink-900">Moving average</legend>
            <div className="mt-1.5 flex gap-4 text-sm">
              {(['50', '200'] as const).map((period) => (
                <label key={period} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-period`}
                    checked={draft.period === period}
                    onChange={() => setDraft({ ...draft, period })}
                    className="accent-brand-600"
                  />
                  {period}-day simple average
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {draft.kind === 'rating_becomes' && (
          <div>
            <label htmlFor={`${id}-rating`} className="block text-sm font-medium text-ink-900">
              Rating
            </label>
            <select
              id={`${id}-rating`}
              value={draft.rating}
              onChange={(event) =>
                setDraft({ ...draft, rating: event.target.value as ConditionDraft['rating'] })
              }
              className={`${inputStyles(false)} mt-1.5`}
            >
              {ratingChoices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset>
          <legend className="text-sm font-medium text-ink-900">How often</legend>
          <div className="mt-1.5 space-y-1.5 text-sm text-slate-700">
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name={`${id}-repeat`}
                checked={repeat === 'once'}
                onChange={() => setRepeat('once')}
                className="mt-0.5 accent-brand-600"
              />
              {draft.kind === 'earnings_within'
                ? 'For the next report, then off until I arm it again'
                : 'Once, then off until I arm it again'}
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name={`${id}-repeat`}
                checked={repeat === 'daily'}
                onChange={() => setRepeat('daily')}
                className="mt-0.5 accent-brand-600"
              />
              {draft.kind === 'earnings_within'
                ? 'Before every report, once each'
                : 'At most once every trading day'}
            </label>
          </div>
        </fieldset>
        <EmailChoice
          checked={
            email ?? alert?.email ?? notifications.data?.preferences.alertEmailDefault ?? true
          }
          onChange={setEmail}
          settings={notifications.data}
        />
        <DestinationChoice
          destinations={choosable(
            destinations.data,
            destinationIds ?? alert?.destinationIds ?? [],
            Boolean(alert?.shared),
          )}
          chosen={destinationIds ?? alert?.destinationIds ?? []}
          onChange={setDestinationIds}
        />
        <div>
          <label htmlFor={`${id}-note`} className="block text-sm font-medium text-ink-900">
            Note <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={200}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="What you plan to do when it fires"
            className={`${inputStyles(Boolean(errors.note))} mt-1.5`}
          />
          {errors.note && <p className="mt-1.5 text-sm text-red-700">{errors.note}</p>}
        </div>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
        {asking && (
          <AlreadyMetQuestion question={asking.question} busy={save.isPending} onChoose={choose} />
        )}
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            {alert ? 'Save alert' : 'Set alert'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Where a firing goes: the app always, email when chosen (and why it may not go yet). */
function EmailChoice({
  checked,
  onChange,
  settings,
}: {
  checked: boolean;
  onChange: (email: boolean) => void;
  settings: NotificationSettings | undefined;
}) {
  const id = useId();
  const why = !settings
    ? null
    : !settings.emailVerified
      ? `Alert emails wait until you confirm ${settings.email}.`
      : !settings.preferences.alertEmails
        ? 'Alert emails are off for your account.'
        : null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-900">Tell me</legend>
      <div className="mt-1.5 space-y-1.5 text-sm text-slate-700">
        <label className="flex items-start gap-2">
          <input type="checkbox" checked disabled className="mt-0.5 accent-brand-600" />
          In the app, always
        </label>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={`${id}-email-note`}
            className="mt-0.5 accent-brand-600"
          />
          By email too
        </label>
      </div>
      <p id={`${id}-email-note`} className="mt-1.5 text-sm text-slate-500">
        {why && <span className="text-amber-800">{why} </span>}
        Firings close together come as one email.{' '}
        <Link
          to={settingsPath('notifications')}
          className="font-medium text-brand-700 hover:underline"
        >
          Email settings
        </Link>
      </p>
    </fieldset>
  );
}

/**
 * The user's destinations and, for an Editor and up, their team's (docs/PRODUCT.md §3.26); a
 * team destination the alert already names stays listed so it can be taken off. A team's
 * alert chooses among the team's alone.
 */
function choosable(
  list: DestinationList | undefined,
  chosen: string[],
  teamAlert: boolean,
): Destination[] {
  if (!list) return [];
  const team = list.team;
  const teamOnes = team
    ? team.destinations.filter((destination) => team.canUse || chosen.includes(destination.id))
    : [];
  // A team's alert posts to the team's destinations only.
  return teamAlert ? teamOnes : [...list.destinations, ...teamOnes];
}

/**
 * The webhooks, Slack and Discord of Settings > Integrations a firing also goes to: only
 * those turned on (and any the alert already names), nothing when there are none.
 */
function DestinationChoice({
  destinations,
  chosen,
  onChange,
}: {
  destinations: Destination[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const shown = destinations.filter(
    (destination) => destination.enabled || chosen.includes(destination.id),
  );
  if (shown.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-900">Also send to</legend>
      <div className="mt-1.5 space-y-1.5 text-sm text-slate-700">
        {shown.map((destination) => (
          <label key={destination.id} className="flex items-start gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(destination.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, destination.id]
                    : chosen.filter((id) => id !== destination.id),
                )
              }
              className="mt-0.5 accent-brand-600"
            />
            <span>
              {destination.name}{' '}
              <span className="text-slate-500">
                (
                {destination.kind === 'webhook'
                  ? 'webhook'
                  : destination.kind === 'slack'
                    ? 'Slack'
                    : 'Discord'}
                {destination.team ? ', team' : ''}
                {destination.enabled ? '' : ', turned off'})
              </span>
            </span>
          </label>
        ))}
      </div>
      <p className="mt-1.5 text-sm text-slate-500">
        <Link
          to={settingsPath('integrations')}
          className="font-medium text-brand-700 hover:underline"
        >
          Integrations
        </Link>
      </p>
    </fieldset>
  );
}

/** Field messages from the schema's or the server's paths (condition.level -> value). */
function errorsOf(entries: [string, string][]): Errors {
  const errors: Errors = {};
  for (const [path, message] of entries) {
    const field = path.startsWith('condition')
      ? 'value'
      : path === 'symbol' || path === 'note'
        ? path
        : 'form';
    errors[field] ??= field === 'symbol' && path === 'symbol' ? 'Choose a stock or ETF' : message;
  }
  return errors;
}

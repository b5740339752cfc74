import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CommunityPost,
  type CommunityQuota,
  cashtagsOf,
  communityRules,
  type PostChartRange,
  paths,
  postChartRanges,
  type Sentiment,
} from '@tickerwise/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { createPost, editPost } from '../api/community-api.ts';

interface ComposerProps {
  quota?: CommunityQuota;
  /** Text to start a new post with, e.g. "$AAPL " from a stock's page. */
  initialBody?: string;
  /** Editing an existing post instead of writing a new one. */
  editing?: CommunityPost;
  onDone?: () => void;
}

/** Writes a post (or edits one): text, an optional Bullish/Bearish tag, the paid disclosure. */
export function PostComposer({ quota, initialBody = '', editing, onDone }: ComposerProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(editing?.body ?? initialBody);
  const [holds, setHolds] = useState<string[]>([]);
  // Holdings can be shown for the symbols the text names, when posting (not when editing).
  const named = editing ? [] : cashtagsOf(body).slice(0, communityRules.cashtagsPerPost);
  const claimed = holds.filter((symbol) => named.includes(symbol));
  const [sentiment, setSentiment] = useState<Sentiment | null>(editing?.sentiment ?? null);
  const [paid, setPaid] = useState(editing?.paid ?? false);
  // A chart snapshot of one of the symbols the text names (new posts only).
  const [chartSymbol, setChartSymbol] = useState('');
  const [chartRange, setChartRange] = useState<PostChartRange>('3m');
  const chart = named.includes(chartSymbol) ? { symbol: chartSymbol, range: chartRange } : null;
  const save = useMutation({
    mutationFn: () =>
      editing
        ? editPost(editing.id, { body, sentiment, paid })
        : createPost({ body, sentiment, paid, holds: claimed, chart }),
    onSuccess: () => {
      if (!editing) {
        setBody('');
        setSentiment(null);
        setPaid(false);
        setHolds([]);
        setChartSymbol('');
      }
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
  const used = quota?.posts;
  const full = !editing && used && used.limit !== null && used.used >= used.limit;
  const error = save.error;
  const over = body.length > communityRules.bodyMaxLength;

  if (full) {
    return (
      <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <p className="font-semibold">
          You have used all {used.limit} posts of your plan this month.
        </p>
        <p className="mt-1">
          You can post again on the 1st, or{' '}
          <Link to={paths.pricing} className="font-medium underline">
            upgrade for more posts
          </Link>
          . Replies have their own quota.
        </p>
      </div>
    );
  }

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() && !over) save.mutate();
      }}
    >
      <label htmlFor={`${id}-body`} className="sr-only">
        {editing ? 'Edit your post' : 'Write a post'}
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={editing ? 4 : 3}
        placeholder="Share a view on a stock: $AAPL, **bold**, *italic*, [links](https://…), - lists"
        className={`${inputStyles(over)} resize-y`}
        aria-describedby={`${id}-count`}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <fieldset className="flex items-center gap-1.5">
          <legend className="sr-only">Sentiment</legend>
          {(['bullish', 'bearish'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={sentiment === value}
              onClick={() => setSentiment(sentiment === value ? null : value)}
              className={`rounded-full px-3 py-1 font-medium ring-1 ring-inset ${
                sentiment === value
                  ? value === 'bullish'
                    ? 'bg-emerald-600 text-white ring-emerald-600'
                    : 'bg-red-600 text-white ring-red-600'
                  : 'text-slate-600 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {value === 'bullish' ? 'Bullish' : 'Bearish'}
            </button>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-slate-600">
          <input
            type="checkbox"
            checked={paid}
            onChange={(event) => setPaid(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          I was paid or compensated to write this
        </label>
        {named.length > 0 && (
          <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
            <legend className="sr-only">Holdings to show</legend>
            <span aria-hidden="true">I hold</span>
            {named.map((symbol) => (
              <label key={symbol} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={holds.includes(symbol)}
                  onChange={(event) =>
                    setHolds(
                      event.target.checked
                        ? [...holds, symbol]
                        : holds.filter((held) => held !== symbol),
                    )
                  }
                  className="size-4 rounded border-slate-300 accent-brand-600"
                />
                <span>
                  <span className="sr-only">I hold </span>${symbol}
                </span>
              </label>
            ))}
            <span className="text-xs text-slate-500">checked against your portfolios</span>
          </fieldset>
        )}
        {named.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-slate-600">
            <label htmlFor={`${id}-chart`}>Attach a chart</label>
            <select
              id={`${id}-chart`}
              value={chart ? chartSymbol : ''}
              onChange={(event) => setChartSymbol(event.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-ink-950"
            >
              <option value="">None</option>
              {named.map((symbol) => (
                <option key={symbol} value={symbol}>
                  ${symbol}
                </option>
              ))}
            </select>
            {chart && (
              <>
                <label htmlFor={`${id}-chart-range`} className="sr-only">
                  Chart range
                </label>
                <select
                  id={`${id}-chart-range`}
                  value={chartRange}
                  onChange={(event) => setChartRange(event.target.value as PostChartRange)}
                  className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-ink-950"
                >
                  {postChartRanges.map((range) => (
                    <option key={range} value={range}>
                      {range.toUpperCase()}
                    </option>
                  ))}
                </select>
                <span className="text-xs text-slate-500">
                  drawn from our prices as of posting; {communityRules.chartsPerDay} a day
                </span>
              </>
            )}
          </div>
        )}
        <span
          id={`${id}-count`}
          className={`ml-auto tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`}
        >
          {body.length.toLocaleString('en-US')}/1,000
        </span>
      </div>
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
          {error.message}
          {error instanceof ApiRequestError && error.code === 'community_quota_reached' && (
            <>
              {' '}
              <Link to={paths.pricing} className="font-medium underline">
                See the plans
              </Link>
            </>
          )}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {!editing && (
          <p className="mr-auto text-xs text-slate-500">
            Posts can also appear, under your handle, on the public{' '}
            <Link to={paths.community} className="underline">
              community page
            </Link>
            .
          </p>
        )}
        {editing && (
          <Button variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant="primary"
          size="sm"
          busy={save.isPending}
          disabled={!body.trim() || over}
        >
          {editing ? 'Save' : 'Post'}
        </Button>
      </div>
    </form>
  );
}

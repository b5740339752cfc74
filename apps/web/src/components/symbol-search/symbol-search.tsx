import type { SymbolMatch } from '@tickerwise/shared';
import { Search } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { Badge } from '../ui/badge.tsx';
import { moveActiveOption } from './active-option.ts';
import { type SymbolSearchFunction, useSymbolResults } from './use-symbol-results.ts';

interface SymbolSearchProps {
  /** Where the results come from (e.g. `GET /api/symbols` through the query cache). */
  search: SymbolSearchFunction;
  /** A result was chosen (Enter on the highlighted one, or a click); the box then empties. */
  onSelect: (match: SymbolMatch) => void;
  /** The box's accessible name. */
  label?: string;
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
  /** A key that focuses the box from anywhere (shown while the box is empty and not focused). */
  shortcut?: { hint: string; ariaKeyShortcuts: string };
  /** The box's placement; the default anchors the results to the box. */
  className?: string;
  /** Where the results panel sits (absolutely positioned), relative to `className`'s box. */
  panelClassName?: string;
  /** How long typing must pause before a search. */
  delayMs?: number;
}

/**
 * A search box for US stocks and ETFs: the WAI-ARIA combobox with a list of results. Arrow
 * keys move through the results (the first is highlighted as they arrive), Enter chooses, Escape
 * closes the list, then empties the box, then leaves it. Searching, no results and failures
 * are said in the panel.
 */
export function SymbolSearch({
  search,
  onSelect,
  label = 'Search stocks and ETFs',
  placeholder = 'Search stocks and ETFs',
  ref,
  shortcut,
  className = 'relative',
  panelClassName = 'absolute inset-x-0 top-full mt-2',
  delayMs = 150,
}: SymbolSearchProps) {
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { state, retry } = useSymbolResults(search, query, delayMs);
  const { results } = state;

  // Each new answer highlights its first result, so Enter opens the best match.
  const [answered, setAnswered] = useState(results);
  if (answered !== results) {
    setAnswered(results);
    setActive(results.length > 0 ? 0 : -1);
  }

  const expanded = open && query.trim() !== '';
  const highlighted = expanded && active >= 0 && active < results.length ? active : -1;
  const highlightedId = highlighted >= 0 ? optionId(highlighted) : undefined;

  // Arrow keys through a list taller than the panel keep the highlighted result in view.
  useEffect(() => {
    if (highlightedId)
      document.getElementById(highlightedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [highlightedId]);

  function choose(match: SymbolMatch) {
    setQuery('');
    setOpen(false);
    onSelect(match);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (expanded) {
          setActive(
            moveActiveOption(highlighted, event.key === 'ArrowDown' ? 1 : -1, results.length),
          );
        }
        return;
      }
      case 'Enter': {
        const match = results[highlighted];
        if (match) {
          event.preventDefault();
          choose(match);
        } else if (expanded && state.status === 'failed') {
          event.preventDefault();
          retry();
        }
        return;
      }
      case 'Escape': {
        event.preventDefault();
        if (expanded) setOpen(false);
        else if (query) setQuery('');
        else event.currentTarget.blur();
        return;
      }
    }
  }

  return (
    <div className={className}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={ref}
          type="text"
          role="combobox"
          aria-label={label}
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={highlightedId}
          aria-keyshortcuts={shortcut?.ariaKeyShortcuts}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setFocused(true);
            setOpen(true);
          }}
          onBlur={() => {
            setFocused(false);
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
          className="w-full rounded-xl border border-slate-300 bg-white py-2 pr-9 pl-9 text-sm text-ink-950 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        {shortcut && !focused && !query && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 sm:block"
          >
            <kbd className="rounded-md border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-500">
              {shortcut.hint}
            </kbd>
          </span>
        )}
        {state.status === 'searching' && (
          <span
            aria-hidden="true"
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-slate-200 border-t-brand-600"
          />
        )}
      </div>
      {expanded && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a press anywhere in the panel keeps the focus in the box; the panel itself does nothing.
        <div
          className={`z-40 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-ink-950/10 ${panelClassName}`}
          // Pressing in the panel must not take focus from the box (that would close it).
          onMouseDown={(event) => event.preventDefault()}
        >
          <div
            id={listboxId}
            role="listbox"
            aria-label={`${label}: results`}
            aria-busy={state.status === 'searching'}
            className="max-h-[min(24rem,60dvh)] overflow-y-auto py-1"
          >
            {results.map((match, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the box (aria-activedescendant), as the combobox pattern says.
              <div
                key={match.symbol}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === highlighted}
                onClick={() => choose(match)}
                onMouseMove={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${
                  index === highlighted ? 'bg-brand-50' : ''
                } ${state.status === 'searching' ? 'opacity-60' : ''}`}
              >
                <SymbolOption match={match} />
              </div>
            ))}
          </div>
          <PanelStatus state={state} onRetry={retry} />
        </div>
      )}
    </div>
  );
}

function SymbolOption({ match }: { match: SymbolMatch }) {
  const detail = [match.exchange, match.sector].filter(Boolean).join(' · ');
  return (
    <>
      <span className="w-16 shrink-0 text-sm font-semibold text-ink-950">{match.symbol}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-ink-950">{match.name}</span>
        {detail && <span className="block truncate text-xs text-slate-500">{detail}</span>}
      </span>
      <Badge tone={match.type === 'etf' ? 'outline' : 'neutral'}>
        {match.type === 'etf' ? 'ETF' : 'Stock'}
      </Badge>
    </>
  );
}

/** Said in words (and to screen readers): searching, how many results, none, or a failure. */
function PanelStatus({
  state,
  onRetry,
}: {
  state: ReturnType<typeof useSymbolResults>['state'];
  onRetry: () => void;
}) {
  let message: string;
  let visible = true;
  if (state.status === 'searching') {
    message = 'Searching...';
    visible = state.results.length === 0;
  } else if (state.status === 'failed') {
    message = `Search failed: ${state.message}`;
  } else if (state.status === 'found' && state.results.length === 0) {
    message = `No stocks or ETFs match "${state.query}".`;
  } else {
    const count = state.results.length;
    message = `${count} ${count === 1 ? 'result' : 'results'}`;
    visible = false;
  }
  return (
    <div
      role="status"
      className={visible ? 'flex items-center gap-3 px-4 py-3 text-sm text-slate-500' : 'sr-only'}
    >
      <span className="min-w-0 flex-1">{message}</span>
      {state.status === 'failed' && (
        <button
          type="button"
          onClick={onRetry}
          className="shrink-0 font-semibold text-brand-700 hover:underline"
        >
          Try again
        </button>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { SymbolMatch } from '@tickerwise/shared';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { symbolSearchQuery } from '../lib/symbol-search.ts';
import { inputStyles } from './ui/field-styles.ts';

interface SymbolPickerProps {
  /** Called with the chosen security; the input empties for the next one. */
  onPick: (match: SymbolMatch) => void;
  /** Symbols already chosen: shown as such, not offered again. */
  taken?: readonly string[];
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * Search US stocks and ETFs by symbol or company name and pick one: a combobox (arrow keys
 * move through the matches, Enter picks, Escape closes).
 */
export function SymbolPicker({
  onPick,
  taken = [],
  label = 'Add a symbol',
  placeholder = 'Search symbol or company',
  disabled,
}: SymbolPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDeferredValue(text.trim());
  const { data: matches = [], isFetching, isError } = useQuery(symbolSearchQuery(query, 8));
  const id = useId();
  const listId = `${id}-list`;
  const showList = open && query.length > 0;

  const pick = (match: SymbolMatch | undefined) => {
    if (!match || taken.includes(match.symbol)) return;
    onPick(match);
    setText('');
    setOpen(false);
    setActive(0);
  };

  return (
    <div className="relative w-full sm:w-80">
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches[active] ? `${id}-${active}` : undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, Math.max(matches.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            pick(matches[active]);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
        className={`${inputStyles(false)} pl-9`}
      />
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label="Matching symbols"
          className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {matches.length === 0 && (
            <p className="px-3 py-2 text-sm text-slate-500">
              {isError
                ? 'Search is unavailable right now.'
                : isFetching || query !== text.trim()
                  ? 'Searching...'
                  : `No US stock or ETF matches “${query}”.`}
            </p>
          )}
          {matches.map((match, index) => {
            const already = taken.includes(match.symbol);
            return (
              <div
                key={match.symbol}
                id={`${id}-${index}`}
                role="option"
                // Focus stays in the input (aria-activedescendant); -1 keeps the option out of Tab.
                tabIndex={-1}
                aria-selected={index === active}
                aria-disabled={already}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(match)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') pick(match);
                }}
                onMouseEnter={() => setActive(index)}
                className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm ${
                  index === active ? 'bg-slate-100' : ''
                } ${already ? 'cursor-default opacity-60' : ''}`}
              >
                <span className="font-semibold text-ink-950">{match.symbol}</span>
                <span className="min-w-0 flex-1 truncate text-slate-600">{match.name}</span>
                <span className="text-xs text-slate-400">
                  {already ? 'In this list' : match.type === 'etf' ? 'ETF' : match.exchange}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SymbolMatch } from '@tickerwise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SymbolSearch } from './symbol-search.tsx';

const match = (symbol: string, name: string, type: 'stock' | 'etf' = 'stock'): SymbolMatch => ({
  symbol,
  name,
  type,
  exchange: type === 'etf' ? 'NYSE Arca' : 'NASDAQ',
  sector: null,
  industry: null,
  origin: 'reference',
});

const alphabet = [match('GOOG', 'Alphabet Inc. (Class C)'), match('GOOGL', 'Alphabet Inc.')];

/** A search over a small list, as the server ranks it: symbol prefix, then name words. */
function listSearch(list: SymbolMatch[]) {
  return vi.fn(async (query: string) => {
    const q = query.toLowerCase();
    return list.filter(
      (item) => item.symbol.toLowerCase().startsWith(q) || item.name.toLowerCase().includes(q),
    );
  });
}

function renderSearch(search = listSearch([...alphabet, match('SPY', 'SPDR S&P 500', 'etf')])) {
  const onSelect = vi.fn();
  render(<SymbolSearch search={search} onSelect={onSelect} delayMs={0} />);
  return {
    box: screen.getByRole('combobox', { name: 'Search stocks and ETFs' }),
    onSelect,
    search,
  };
}

const options = () => screen.queryAllByRole('option');
const highlighted = () =>
  options()
    .filter((option) => option.getAttribute('aria-selected') === 'true')
    .map((option) => option.id);

afterEach(() => vi.useRealTimers());

describe('the symbol search box', () => {
  it('lists what matches, with symbol, name, exchange and kind', async () => {
    const { box } = renderSearch();
    await userEvent.type(box, 'alphabet');
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(options()[0]?.textContent).toBe('GOOGAlphabet Inc. (Class C)NASDAQStock');
    expect(screen.getByRole('status').textContent).toBe('2 results');
  });

  it('highlights the first result, so Enter opens the best match', async () => {
    const { box, onSelect } = renderSearch();
    await userEvent.type(box, 'spy');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ symbol: 'SPY', type: 'etf' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves through the results with the arrow keys, wrapping at the ends', async () => {
    const { box, onSelect } = renderSearch();
    await userEvent.type(box, 'alph');
    await waitFor(() => expect(options()).toHaveLength(2));
    const [goog, googl] = options().map((option) => option.id);
    expect(highlighted()).toEqual([goog]);
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toEqual([googl]);
    expect(box.getAttribute('aria-activedescendant')).toBe(googl);
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toEqual([goog]);
    await userEvent.keyboard('{ArrowUp}');
    expect(highlighted()).toEqual([googl]);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ symbol: 'GOOGL' }));
  });

  it('closes on Escape, then empties the box, then leaves it', async () => {
    const { box } = renderSearch();
    await userEvent.type(box, 'alph');
    await waitFor(() => expect(options()).toHaveLength(2));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('alph');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.keyboard('{Escape}{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).not.toBe(box);
  });

  it('opens a result on a click', async () => {
    const { box, onSelect } = renderSearch();
    await userEvent.type(box, 'alph');
    await waitFor(() => expect(options()).toHaveLength(2));
    await userEvent.click(screen.getByRole('option', { name: /GOOGL/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ symbol: 'GOOGL' }));
  });

  it('says when nothing matches', async () => {
    const { box } = renderSearch();
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No stocks or ETFs match "zzz".')).toBeTruthy();
    expect(options()).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('No stocks or ETFs match "zzz".')).toBeTruthy();
  });

  it('says it is searching, then says why a search failed and tries again', async () => {
    let fail = true;
    let answer: (results: SymbolMatch[]) => void = () => {};
    const search = vi.fn(
      (_query: string) =>
        new Promise<SymbolMatch[]>((resolve, reject) => {
          if (fail) reject(new Error('Cannot reach Tickerwise.'));
          else answer = resolve;
        }),
    );
    const { box } = renderSearch(search);
    await userEvent.type(box, 'a');
    expect(await screen.findByText('Search failed: Cannot reach Tickerwise.')).toBeTruthy();

    fail = false;
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Searching...')).toBeTruthy();
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    await act(async () => answer(alphabet));
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('searches once typing pauses, and never shows an older answer over a newer one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = new Map<string, (results: SymbolMatch[]) => void>();
    const signals = new Map<string, AbortSignal>();
    const search = vi.fn(
      (query: string, signal: AbortSignal) =>
        new Promise<SymbolMatch[]>((resolve) => {
          answers.set(query, resolve);
          signals.set(query, signal);
        }),
    );
    const onSelect = vi.fn();
    render(<SymbolSearch search={search} onSelect={onSelect} delayMs={150} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const box = screen.getByRole('combobox');

    await user.type(box, 'goo');
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(150));
    expect(search.mock.calls.map(([query]) => query)).toEqual(['goo']);

    await user.type(box, 'g');
    await act(async () => vi.advanceTimersByTime(150));
    expect(search.mock.calls.map(([query]) => query)).toEqual(['goo', 'goog']);
    expect(signals.get('goo')?.aborted).toBe(true);

    await act(async () => answers.get('goog')?.([match('GOOGL', 'Alphabet Inc.')]));
    await act(async () => answers.get('goo')?.([match('GOOD', 'Gladstone Commercial')]));
    expect(options().map((option) => option.textContent)).toEqual([
      'GOOGLAlphabet Inc.NASDAQStock',
    ]);
  });
});

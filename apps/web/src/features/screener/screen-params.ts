import {
  defaultScreenerColumns,
  type ScreenerColumn,
  type ScreenerNumberColumn,
  type ScreenerSetColumn,
  screenerColumns,
  screenerNumberColumns,
  screenerSetColumns,
} from '@tickerwise/shared';

/** A screen as the page edits it: what the address bar holds, one field per filter. */
export interface ScreenState {
  ranges: Partial<Record<ScreenerNumberColumn, { min: string; max: string }>>;
  sets: Partial<Record<ScreenerSetColumn, string[]>>;
  sort: { column: ScreenerColumn; descending: boolean };
  columns: ScreenerColumn[];
}

const isColumn = (name: string): name is ScreenerColumn =>
  (screenerColumns as readonly string[]).includes(name);

export const defaultSort = { column: 'marketCap', descending: true } as const;

/** The screen an address's query string holds (what the server would refuse is left out). */
export function readScreen(params: URLSearchParams): ScreenState {
  const state: ScreenState = {
    ranges: {},
    sets: {},
    sort: { ...defaultSort },
    columns: [...defaultScreenerColumns],
  };
  for (const name of screenerNumberColumns) {
    const value = params.get(name);
    const [min = '', max = ''] = value?.split('..') ?? [];
    if (value?.includes('..')) state.ranges[name] = { min, max };
  }
  for (const name of screenerSetColumns) {
    const value = params.get(name);
    if (value) state.sets[name] = value.split(',').filter(Boolean);
  }
  const sort = params.get('sort');
  if (sort) {
    const descending = sort.startsWith('-');
    const column = descending ? sort.slice(1) : sort;
    if (isColumn(column)) state.sort = { column, descending };
  }
  const columns = params.get('columns')?.split(',').filter(isColumn);
  if (columns && columns.length > 0) state.columns = columns;
  return state;
}

/** The query string of a screen: empty filters and default choices are left out. */
export function writeScreen(state: ScreenState): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of screenerNumberColumns) {
    const range = state.ranges[name];
    if (range) params.set(name, `${range.min.trim()}..${range.max.trim()}`);
  }
  for (const name of screenerSetColumns) {
    const values = state.sets[name];
    if (values && values.length > 0) params.set(name, values.join(','));
  }
  if (
    state.sort.column !== defaultSort.column ||
    state.sort.descending !== defaultSort.descending
  ) {
    params.set('sort', `${state.sort.descending ? '-' : ''}${state.sort.column}`);
  }
  const sameColumns =
    state.columns.length === defaultScreenerColumns.length &&
    state.columns.every((column, index) => column === defaultScreenerColumns[index]);
  if (!sameColumns) params.set('columns', state.columns.join(','));
  return params;
}

/** Clicking a column's header: sort by it (numbers largest first), then the other way. */
export function nextSort(state: ScreenState, column: ScreenerColumn): ScreenState['sort'] {
  if (state.sort.column === column) return { column, descending: !state.sort.descending };
  const text =
    column === 'symbol' ||
    column === 'name' ||
    column === 'industry' ||
    column === 'sector' ||
    column === 'type';
  return { column, descending: !text };
}

import { describe, expect, it } from 'vitest';
import { nextSort, readScreen, writeScreen } from './screen-params.ts';

describe('a screen in the address bar', () => {
  it('reads ranges, sets, the sort and the columns, and writes them back the same', () => {
    const query =
      'peRatio=0..25&return1y=10..&sector=Financials%2CEnergy&rating=buy%2Cstrong_buy&sort=-change&columns=symbol%2Cprice%2CpeRatio';
    const state = readScreen(new URLSearchParams(query));
    expect(state.ranges).toEqual({
      peRatio: { min: '0', max: '25' },
      return1y: { min: '10', max: '' },
    });
    expect(state.sets).toEqual({ sector: ['Financials', 'Energy'], rating: ['buy', 'strong_buy'] });
    expect(state.sort).toEqual({ column: 'change', descending: true });
    expect(state.columns).toEqual(['symbol', 'price', 'peRatio']);
    expect(writeScreen(state).toString()).toBe(query);
  });

  it('leaves out the defaults and what it does not know', () => {
    const state = readScreen(new URLSearchParams('sort=-marketCap&columns=nope&color=red'));
    expect(writeScreen(state).toString()).toBe('');
  });

  it('sorts numbers largest first and text from A, and turns on a second click', () => {
    const state = readScreen(new URLSearchParams(''));
    expect(nextSort(state, 'peRatio')).toEqual({ column: 'peRatio', descending: true });
    expect(nextSort(state, 'name')).toEqual({ column: 'name', descending: false });
    expect(nextSort(state, 'marketCap')).toEqual({ column: 'marketCap', descending: false });
  });
});

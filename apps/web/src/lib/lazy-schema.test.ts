import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

const symbolRules = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z.]{1,6}$/, 'Not a ticker symbol');

describe('a lazily built schema', () => {
  it('is built on its first use, once', () => {
    const build = vi.fn(symbolRules);
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse(' aapl ')).toBe('AAPL');
    expect(schema.safeParse('brk.b').success).toBe(true);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('accepts and refuses what the schema as written does, with the same messages', () => {
    const lazy = lazySchema(symbolRules);
    const written = symbolRules();
    for (const input of ['msft', ' brk.b', 'TOO-LONG', 42, '']) {
      const fromLazy = lazy.safeParse(input);
      const fromWritten = written.safeParse(input);
      expect(fromLazy.success).toBe(fromWritten.success);
      expect(fromLazy.error?.issues).toEqual(fromWritten.error?.issues);
    }
  });

  it('composes with other schemas, and is one of them', () => {
    const symbol = lazySchema(symbolRules);
    const holding = lazySchema(() => z.object({ symbol, shares: z.number().positive() }));
    const lot = holding.extend({ note: symbol.optional() });
    expect(lot.parse({ symbol: 'aapl', shares: 2, note: 'msft' })).toEqual({
      symbol: 'AAPL',
      shares: 2,
      note: 'MSFT',
    });
    expect(lot.safeParse({ symbol: 'aapl', shares: -1 }).success).toBe(false);
    expect(Object.keys(holding.shape)).toEqual(['symbol', 'shares']);
    expect(symbol instanceof z.ZodType).toBe(true);
    expect('_zod' in symbol).toBe(true);
    expect(z.array(holding).parse([{ symbol: 'ibm', shares: 1 }])).toEqual([
      { symbol: 'IBM', shares: 1 },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import type { ProviderBar } from '../adapters/bars-provider.ts';
import { addDays } from '../calendar/days.ts';
import { BarStore, storedBar, storedPrice } from './bar-store.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.destroy());

describe('a bar as the database keeps it', () => {
  it('rounds prices to four places as PostgreSQL does, so a stored bar reads back the same', async () => {
    // Ties written in decimal are rounded away from zero, whatever their nearest double is
    // (`Math.round(x * 1e4) / 1e4` rounds 0.00145 down).
    expect(storedPrice(0.00145)).toBe(0.0015);
    expect(storedPrice(1.00005)).toBe(1.0001);
    expect(storedPrice(123.45675)).toBe(123.4568);
    expect(storedPrice(-2.00015)).toBe(-2.0002);
    expect(storedPrice(0.00004999)).toBe(0);
    expect(storedPrice(1e-9)).toBe(0);
    expect(storedPrice(187.25)).toBe(187.25);

    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const prices = [
      0.00145,
      0.00465,
      0.01075,
      1.00005,
      123.45675,
      2.00015,
      99.99995,
      0.00005,
      0.00004999,
      1e-9,
      9_999.99995,
      187.25,
      // Tiingo's adjusted prices carry a dozen decimals.
      ...Array.from({ length: 400 }, () => random() * 2_000),
      // Ties at the fifth decimal.
      ...Array.from({ length: 200 }, () => Math.round(random() * 1e8) / 1e4 + 0.00005),
    ];
    const bars: ProviderBar[] = [];
    for (let index = 0; index + 4 <= prices.length; index += 4) {
      bars.push({
        date: addDays('2019-01-01', index / 4),
        open: prices[index]!,
        high: prices[index + 1]!,
        low: prices[index + 2]!,
        close: prices[index + 3]!,
        volume: Math.round(random() * 1e8),
      });
    }
    const store = new BarStore(test.database.db);
    await store.saveBars('ROUND', 'tiingo', bars);
    const read = await store.lastBars('ROUND', bars.length);
    expect(read).toEqual(bars.map((bar) => storedBar(bar, 'tiingo')));
    // The test can fail: the values that are not kept as sent are many.
    expect(read.filter((bar, index) => bar.close !== bars[index]!.close).length).toBeGreaterThan(
      50,
    );
    expect(await store.countBars('ROUND', bars.at(-1)!.date)).toBe(bars.length);
    expect(await store.countBars('ROUND', bars[9]!.date)).toBe(10);
  });
});

import type { MarketDataAccess, MarketOverview } from '@tickerwise/shared';
import { type MarketService, percentChange, roundCents } from '../../market-data/index.ts';
import type { ScreenerTable, TableRow } from './screener-table.ts';

/** The index funds the overview leads with: S&P 500, Nasdaq-100, Dow and Russell 2000. */
export const indexFunds = ['SPY', 'QQQ', 'DIA', 'IWM'] as const;
const moversShown = 5;

const round = (value: number) => Math.round(value * 100) / 100;
const pick = (row: TableRow) => ({
  symbol: row.symbol,
  name: row.name,
  price: row.price!,
  change: row.change!,
});

/**
 * The market at a glance for a plan: the four index funds (asked for fresh: they are on
 * screen), the day's biggest gainers and losers among the universe's stocks and each
 * sector's equal-weighted change today, read on the screener's rows as the plan sees them.
 * Movers and sectors count only rows priced by a quote of today's trading, not a stored close.
 */
export class MarketOverviews {
  constructor(
    private readonly market: MarketService,
    private readonly table: ScreenerTable,
  ) {}

  async overviewFor(viewer: MarketDataAccess): Promise<MarketOverview> {
    const viewed = this.table.rowsFor(viewer);
    const names = new Map(viewed.rows.map((row) => [row.symbol, row.name]));
    // Each fund waits for an upstream call only when it has no quote yet; one that cannot be
    // had is left out, never the overview.
    const funds = await Promise.allSettled(
      indexFunds.map((symbol) => this.market.quoteFor(viewer, symbol)),
    );
    const indexes = indexFunds.flatMap((symbol, index) => {
      const fund = funds[index];
      if (fund?.status !== 'fulfilled' || !(fund.value.quote.price > 0)) return [];
      const { price, previousClose } = fund.value.quote;
      return [
        {
          symbol,
          name: names.get(symbol) ?? symbol,
          price: roundCents(price),
          change: percentChange(price, previousClose),
        },
      ];
    });
    const priced = viewed.rows.filter(
      (row) => row.quoted && row.type === 'stock' && row.price !== null && row.change !== null,
    );
    const byChange = [...priced].sort(
      (a, b) => b.change! - a.change! || (a.symbol < b.symbol ? -1 : 1),
    );
    const gainers = byChange
      .filter((row) => row.change! > 0)
      .slice(0, moversShown)
      .map(pick);
    const losers = byChange
      .filter((row) => row.change! < 0)
      .reverse()
      .slice(0, moversShown)
      .map(pick);
    const sectors = new Map<string, { sum: number; count: number }>();
    for (const row of priced) {
      if (!row.sector) continue;
      const sector = sectors.get(row.sector) ?? { sum: 0, count: 0 };
      sector.sum += row.change!;
      sector.count += 1;
      sectors.set(row.sector, sector);
    }
    return {
      indexes,
      gainers,
      losers,
      sectors: [...sectors.entries()]
        .map(([sector, { sum, count }]) => ({ sector, change: round(sum / count), symbols: count }))
        .sort((a, b) => b.change - a.change),
      source: viewed.source,
      delayed: viewed.delayed,
      delayMinutes: viewed.delayMinutes,
      asOf: new Date(viewed.asOf).toISOString(),
      priced: priced.length,
    };
  }
}

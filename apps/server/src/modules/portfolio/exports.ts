import { csvDocument, csvLine, type HoldingsResponse, templateColumns } from '@tickerwise/shared';
import type { Db } from '../../db/client.ts';
import { sortLedgerSteps } from './domain/ledger.ts';
import { breathe, runInSlices, stepEvery } from './domain/steps.ts';
import { ledgerRows, toLedgerEntries, toTransaction } from './ledger-store.ts';

/**
 * A portfolio's transactions in our import template, in ledger order: importing the file
 * into an empty portfolio gives the same ledger back.
 */
export async function transactionsCsv(db: Db, portfolioId: string): Promise<string> {
  const rows = await ledgerRows(db, portfolioId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = (await runInSlices(sortLedgerSteps(await toLedgerEntries(rows)))).map(
    (entry) => byId.get(entry.id)!,
  );
  // Written in slices that give way: a large ledger does not hold up other requests.
  const since = { at: performance.now() };
  const lines: string[] = [csvLine(templateColumns)];
  for (let index = 0; index < ordered.length; index += 1) {
    if (index % stepEvery === 0) await breathe(since);
    const transaction = toTransaction(ordered[index]!);
    lines.push(
      csvLine([
        transaction.date,
        transaction.kind,
        transaction.symbol,
        transaction.quantity,
        transaction.price,
        transaction.kind === 'buy' || transaction.kind === 'sell' || transaction.kind === 'dividend'
          ? transaction.fees
          : null,
        transaction.amount,
        transaction.splitTo ? `${transaction.splitTo}:${transaction.splitFrom}` : null,
        transaction.note,
      ]),
    );
  }
  return csvDocument(lines);
}

const holdingColumns = [
  'symbol',
  'name',
  'type',
  'sector',
  'quantity',
  'average_cost',
  'cost_basis',
  'price',
  'market_value',
  'day_change',
  'unrealised_gain',
  'realised_gain',
  'dividends',
  'fees',
  'weight_percent',
  'price_source',
  'price_as_of',
] as const;

/** Holdings as the page shows them, with where each price came from; cash as its own line. */
export function holdingsCsv(figures: HoldingsResponse): string {
  const lines = figures.holdings.map((holding) =>
    csvLine([
      holding.symbol,
      holding.name,
      holding.type,
      holding.sector,
      holding.quantity,
      holding.averageCost,
      holding.costBasis,
      holding.price,
      holding.marketValue,
      holding.dayChange,
      holding.unrealisedGain,
      holding.realisedGain,
      holding.dividends,
      holding.fees,
      (holding.weight * 100).toFixed(2),
      holding.priceSource.source,
      holding.priceSource.asOf,
    ]),
  );
  const { cash } = figures.totals;
  const cashSlice = figures.allocation.byHolding.find((slice) => slice.key === 'cash');
  const cashWeight = ((cashSlice?.weight ?? 0) * 100).toFixed(2);
  const cashLine = csvLine([
    ...['CASH', 'Cash', null, null, null, null, cash, null, cash],
    ...[null, null, null, null, null, cashWeight, null, null],
  ]);
  return csvDocument([csvLine(holdingColumns), ...lines, cashLine]);
}

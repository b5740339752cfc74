import type {
  BalanceSheet,
  CashFlowStatement,
  IncomeStatement,
  StatementPeriod,
} from '@tickerwise/shared';
import type { ListedSymbol } from '../../reference/universe.ts';
import { type CompanyBasis, simulatedBasis } from './company.ts';
import { hash, randomStream } from './random.ts';

/** Quarters drawn: seven years, enough for five fiscal years and the growth of the oldest. */
const quartersDrawn = 28;
/** A quarter is reported this many days after it ends. */
const reportingLagDays = 40;

/** One simulated quarter, every figure unrounded. */
interface Quarter {
  year: number;
  quarter: number;
  revenue: number;
  grossProfit: number;
  operatingIncome: number;
  pretaxIncome: number;
  netIncome: number;
  depreciation: number;
  dividends: number;
}

/** The balance sheet at a quarter's end, and the parts the cash flow reads. */
interface Position {
  cash: number;
  otherCurrentAssets: number;
  property: number;
  otherNonCurrentAssets: number;
  shortDebt: number;
  otherCurrentLiabilities: number;
  longDebt: number;
  otherNonCurrentLiabilities: number;
  equity: number;
}

/** A period's figures; its growth on the year before is added where periods are shown. */
export type SimulatedPeriod = Omit<StatementPeriod, 'growth'>;

export interface SimulatedStatements {
  /** Oldest first. */
  quarters: SimulatedPeriod[];
  /** Fiscal (calendar) years complete in the quarters, oldest first. */
  years: SimulatedPeriod[];
  /** The last four quarters together. */
  ttm: SimulatedPeriod;
  /** The four quarters before those. */
  ttmYearBefore: SimulatedPeriod;
}

/** The last calendar quarter reported by `date` (YYYY-MM-DD): its year and number. */
export function lastReportedQuarter(date: string): { year: number; quarter: number } {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - reportingLagDays);
  const year = day.getUTCFullYear();
  const quarter = Math.floor(day.getUTCMonth() / 3); // the quarter before the one it falls in
  return quarter === 0 ? { year: year - 1, quarter: 4 } : { year, quarter };
}

const pad = (value: number) => String(value).padStart(2, '0');
const quarterStart = (year: number, quarter: number) => `${year}-${pad(quarter * 3 - 2)}-01`;
function quarterEnd(year: number, quarter: number): string {
  const last = new Date(Date.UTC(year, quarter * 3, 0));
  return `${year}-${pad(quarter * 3)}-${pad(last.getUTCDate())}`;
}

/**
 * docs/PRODUCT.md §3.13: a simulated company's financial statements, seeded per symbol and
 * built on the figures its key statistics are read from (`simulatedBasis`), so the two agree:
 * the trailing twelve months' revenue, earnings per share, margins, dividends, return on
 * equity, debt to equity and current ratio, the revenue and EPS growth on a year before and
 * the five-year revenue growth are the key statistics' own. The statements hold together:
 * assets = liabilities + equity at every quarter's end; the cash flow's net income is the
 * income statement's; equity moves by net income less dividends plus stock issued (net); the
 * cash flow's net change in cash is the change of the balance sheet's cash; a year is the sum
 * of its quarters (its balance sheet, that of its last quarter). Null for a fund.
 */
export function simulatedStatements(
  listing: ListedSymbol,
  price: number,
  date: string,
): SimulatedStatements | null {
  const { basis } = simulatedBasis(listing, price);
  if (!basis) return null;
  const random = randomStream(hash(`${listing.symbol}:statements`));
  const between = (low: number, high: number) => low + (high - low) * random();
  const latest = lastReportedQuarter(date);

  // Calendar quarters, oldest first, the latest last.
  const calendar: { year: number; quarter: number }[] = [];
  for (let back = quartersDrawn - 1; back >= 0; back -= 1) {
    const index = latest.year * 4 + (latest.quarter - 1) - back;
    calendar.push({ year: Math.floor(index / 4), quarter: (index % 4) + 1 });
  }

  const blocks = yearBlocks(basis, between);
  const season = [between(0.9, 1.1), between(0.9, 1.1), between(0.9, 1.1), between(0.95, 1.2)];
  const taxRate = between(0.13, 0.24);
  const depreciationShare = between(0.03, 0.08);

  // Block b (0: the last four quarters) covers quarters quartersDrawn - 4(b+1) .. - 4b - 1.
  const quarters: Quarter[] = calendar.map(({ year, quarter }) => ({
    year,
    quarter,
    revenue: 0,
    grossProfit: 0,
    operatingIncome: 0,
    pretaxIncome: 0,
    netIncome: 0,
    depreciation: 0,
    dividends: 0,
  }));
  for (const [b, block] of blocks.entries()) {
    const first = quartersDrawn - 4 * (b + 1);
    const members = quarters.slice(first, first + 4);
    // Within a year, revenue grows at the pace from the year before, shaped by the season.
    const weights = members.map((entry, i) => season[entry.quarter - 1]! * block.pace ** i);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    // Margins wobble a little from quarter to quarter around the year's, which they keep.
    const wobble = members.map(() => between(-0.02, 0.02));
    const meanWobble = wobble.reduce((sum, value, i) => sum + value * weights[i]!, 0) / total;
    members.forEach((entry, i) => {
      const revenue = (block.revenue * weights[i]!) / total;
      const factor = 1 + wobble[i]! - meanWobble;
      entry.revenue = revenue;
      entry.grossProfit = (revenue * block.grossMargin * factor) / 100;
      entry.operatingIncome = (revenue * block.operatingMargin * factor) / 100;
      entry.netIncome = (revenue * block.netMargin * factor) / 100;
      entry.pretaxIncome = entry.netIncome / (1 - taxRate);
      entry.depreciation = revenue * depreciationShare;
      entry.dividends = (block.revenue * block.netMargin * block.payout) / 100 / 4;
    });
  }

  const positions = balanceSheets(basis, blocks, quarters, between);
  const periods = quarters.map((entry, index) =>
    period(
      { label: `Q${entry.quarter} ${entry.year}`, kind: 'quarter', ...entry },
      [entry],
      positions[index]!,
      positions[index + 1]!,
      basis.shares,
    ),
  );
  const years: SimulatedPeriod[] = [];
  for (let index = 0; index + 4 <= quarters.length; index += 1) {
    const members = quarters.slice(index, index + 4);
    if (members[0]!.quarter !== 1) continue;
    const year = members[0]!.year;
    years.push(
      period(
        { label: `FY ${year}`, kind: 'year', year, quarter: 0 },
        members,
        positions[index]!,
        positions[index + 4]!,
        basis.shares,
      ),
    );
  }
  const lastFour = quarters.slice(-4);
  const ttm = period(
    { label: 'TTM', kind: 'ttm', ...latest },
    lastFour,
    positions[quartersDrawn - 4]!,
    positions[quartersDrawn]!,
    basis.shares,
  );
  const ttmYearBefore = period(
    { label: 'TTM', kind: 'ttm', year: latest.year - 1, quarter: latest.quarter },
    quarters.slice(-8, -4),
    positions[quartersDrawn - 8]!,
    positions[quartersDrawn - 4]!,
    basis.shares,
  );
  return { quarters: periods, years, ttm, ttmYearBefore };
}

interface Block {
  /** The block's revenue (four quarters). */
  revenue: number;
  /** Quarter-on-quarter growth inside the block. */
  pace: number;
  grossMargin: number;
  operatingMargin: number;
  netMargin: number;
  payout: number;
  /** Equity at the block's end, relative to the latest. */
  equityShare: number;
}

/**
 * The seven years of four quarters, newest first: revenue at the trailing twelve months',
 * a year before at the key statistics' growth, five years before at the five-year growth;
 * net income a year before at the EPS growth (the share count is kept).
 */
function yearBlocks(basis: CompanyBasis, between: (low: number, high: number) => number): Block[] {
  const revenue0 = basis.salesPerShare * basis.shares;
  const revenue1 = revenue0 / (1 + basis.revenueGrowth / 100);
  const revenue5 = revenue0 / (1 + basis.revenueGrowth5y / 100) ** 5;
  const middle = (revenue1 / revenue5) ** (1 / 4);
  const revenues = [revenue0, revenue1];
  for (let b = 2; b <= 4; b += 1) revenues.push(revenue5 * middle ** (5 - b) * between(0.97, 1.03));
  revenues.push(revenue5);
  revenues.push(revenue5 / (1 + (basis.revenueGrowth5y / 100) * between(0.5, 1.5)));

  const net0 = basis.netMargin;
  const net1 = (basis.netMargin * (1 + basis.revenueGrowth / 100)) / (1 + basis.epsGrowth / 100);
  const netShare = basis.netMargin / basis.operatingMargin;
  const payout = basis.dividendPerShare / basis.eps;
  const blocks: Block[] = [];
  let netMargin = net0;
  let equityShare = 1;
  for (let b = 0; b < revenues.length; b += 1) {
    if (b === 1) netMargin = net1;
    // Older years drift; an operating margin stays under 75 % (the gross one under 96 %).
    if (b >= 2) netMargin = Math.min(netMargin * between(0.88, 1.12), netShare * 75);
    const operatingMargin = b === 0 ? basis.operatingMargin : netMargin / netShare;
    const grossMargin =
      b === 0
        ? basis.grossMargin
        : Math.min(96, Math.max(basis.grossMargin * between(0.96, 1.04), operatingMargin / 0.8));
    const older = revenues[b + 1];
    const pace = older ? (revenues[b]! / older) ** (1 / 4) : 1;
    blocks.push({
      revenue: revenues[b]!,
      pace,
      grossMargin,
      operatingMargin,
      netMargin,
      payout,
      equityShare,
    });
    // Equity a year earlier: smaller by about the revenue's growth.
    equityShare /= pace ** 4 * between(0.97, 1.03);
  }
  return blocks;
}

/**
 * Balance sheets at the end of each quarter and at the start of the first (quartersDrawn + 1),
 * oldest first; the latest at the key statistics' book value, debt to equity and current
 * ratio. Every one balances: assets = liabilities + equity.
 */
function balanceSheets(
  basis: CompanyBasis,
  blocks: Block[],
  quarters: Quarter[],
  between: (low: number, high: number) => number,
): Position[] {
  const equity0 = basis.bookPerShare * basis.shares;
  const currentShare = between(0.12, 0.35);
  const otherLongShare = between(0.1, 0.6);
  const shortDebtShare = between(0.05, 0.2);
  const cashShare = between(0.25, 0.5);
  const propertyShare = between(0.3, 0.7);
  const positions: Position[] = [];
  for (let point = 0; point <= quarters.length; point += 1) {
    // Point p is the end of quarter p - 1; its block's equity eases towards the year before.
    const back = quarters.length - point; // quarters before the latest point
    const index = Math.min(Math.floor(back / 4), blocks.length - 1);
    const block = blocks[index]!;
    const within = back - 4 * index;
    const latest = point === quarters.length;
    const equity = equity0 * block.equityShare * block.pace ** -within;
    const debt = equity * basis.debtToEquity * (latest ? 1 : between(0.95, 1.05));
    const otherLong = equity * otherLongShare;
    const current = currentShare * (equity + debt + otherLong);
    const shortDebt = Math.min(debt * shortDebtShare, current * 0.5);
    const currentAssets = current * basis.currentRatio * (latest ? 1 : between(0.95, 1.05));
    const cash = currentAssets * cashShare * (latest ? 1 : between(0.9, 1.1));
    const liabilities = current + (debt - shortDebt) + otherLong;
    const nonCurrent = liabilities + equity - currentAssets;
    positions.push({
      cash,
      otherCurrentAssets: currentAssets - cash,
      property: nonCurrent * propertyShare,
      otherNonCurrentAssets: nonCurrent * (1 - propertyShare),
      shortDebt,
      otherCurrentLiabilities: current - shortDebt,
      longDebt: debt - shortDebt,
      otherNonCurrentLiabilities: otherLong,
      equity,
    });
  }
  return positions;
}

/** A period of one or more quarters, its balance sheet that of its end. */
function period(
  head: { label: string; kind: StatementPeriod['kind']; year: number; quarter: number },
  members: Quarter[],
  start: Position,
  end: Position,
  shares: number,
): SimulatedPeriod {
  const sum = (pick: (entry: Quarter) => number) =>
    members.reduce((total, entry) => total + pick(entry), 0);
  const revenue = sum((entry) => entry.revenue);
  const grossProfit = sum((entry) => entry.grossProfit);
  const operatingIncome = sum((entry) => entry.operatingIncome);
  const pretaxIncome = sum((entry) => entry.pretaxIncome);
  const netIncome = sum((entry) => entry.netIncome);
  const depreciation = sum((entry) => entry.depreciation);
  const dividends = sum((entry) => entry.dividends);
  const income: IncomeStatement = {
    revenue,
    costOfRevenue: revenue - grossProfit,
    grossProfit,
    operatingExpenses: grossProfit - operatingIncome,
    operatingIncome,
    pretaxIncome,
    incomeTax: pretaxIncome - netIncome,
    netIncome,
    eps: netIncome / shares,
    dilutedShares: shares,
  };
  const currentAssets = end.cash + end.otherCurrentAssets;
  const currentLiabilities = end.shortDebt + end.otherCurrentLiabilities;
  const totalLiabilities = currentLiabilities + end.longDebt + end.otherNonCurrentLiabilities;
  const balance: BalanceSheet = {
    cash: end.cash,
    currentAssets,
    totalAssets: currentAssets + end.property + end.otherNonCurrentAssets,
    currentLiabilities,
    totalDebt: end.shortDebt + end.longDebt,
    totalLiabilities,
    totalEquity: end.equity,
  };
  const change = (pick: (position: Position) => number) => pick(end) - pick(start);
  const workingCapital =
    -change((p) => p.otherCurrentAssets) +
    change((p) => p.otherCurrentLiabilities) +
    change((p) => p.otherNonCurrentLiabilities);
  const operatingCashFlow = netIncome + depreciation + workingCapital;
  const capitalExpenditure = -(change((p) => p.property) + depreciation);
  const investingCashFlow = capitalExpenditure - change((p) => p.otherNonCurrentAssets);
  const stockRepurchased = change((p) => p.equity) - netIncome + dividends;
  const financingCashFlow = -dividends + stockRepurchased + change((p) => p.shortDebt + p.longDebt);
  const cashFlow: CashFlowStatement = {
    netIncome,
    depreciation,
    operatingCashFlow,
    capitalExpenditure,
    investingCashFlow,
    dividendsPaid: -dividends,
    stockRepurchased,
    financingCashFlow,
    netChangeInCash: operatingCashFlow + investingCashFlow + financingCashFlow,
    freeCashFlow: operatingCashFlow + capitalExpenditure,
  };
  const first = members[0]!;
  const last = members.at(-1)!;
  return {
    label: head.label,
    kind: head.kind,
    fiscalYear: head.year,
    quarter: head.kind === 'quarter' ? head.quarter : null,
    startDate: quarterStart(first.year, first.quarter),
    endDate: quarterEnd(last.year, last.quarter),
    income,
    balance,
    cashFlow,
  };
}

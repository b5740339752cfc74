import { describe, expect, it } from 'vitest';
import { type ListedSymbol, listedSymbol, listedSymbols } from '../../reference/universe.ts';
import { simulatedCompany } from './company.ts';
import { simulatedSeries } from './simulated-series.ts';
import { lastReportedQuarter, type SimulatedPeriod, simulatedStatements } from './statements.ts';

const today = '2026-11-23';
const companies = listedSymbols.filter((entry) => entry.type === 'stock');

/** The statements and key statistics as the offline market draws them at the last close. */
function drawn(listing: ListedSymbol, date = today) {
  const price = simulatedSeries(listing.symbol, date).at(-1)!.close;
  const statements = simulatedStatements(listing, price, date)!;
  return { price, statements, ...simulatedCompany(listing, price) };
}

/** Equal within a millionth (the figures are sums of unrounded parts). */
const same = (a: number | null, b: number | null) =>
  a !== null && b !== null && Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

describe('simulated financial statements', () => {
  it('hold together for every listed company, in every quarter and year', () => {
    const wrong: string[] = [];
    for (const listing of companies) {
      const { statements } = drawn(listing);
      const check = (what: string, fine: boolean) => {
        if (!fine) wrong.push(`${listing.symbol} ${what}`);
      };
      const all: SimulatedPeriod[] = [
        ...statements.quarters,
        ...statements.years,
        statements.ttm,
        statements.ttmYearBefore,
      ];
      for (const period of all) {
        const { income, balance, cashFlow } = period;
        const at = `${period.label}`;
        check(
          `${at} assets = liabilities + equity`,
          same(balance.totalAssets, balance.totalLiabilities! + balance.totalEquity!),
        );
        check(`${at} cash flow's net income`, same(cashFlow.netIncome, income.netIncome));
        check(
          `${at} gross profit`,
          same(income.grossProfit, income.revenue! - income.costOfRevenue!),
        );
        check(
          `${at} operating income`,
          same(income.operatingIncome, income.grossProfit! - income.operatingExpenses!),
        );
        check(
          `${at} net income after tax`,
          same(income.netIncome, income.pretaxIncome! - income.incomeTax!),
        );
        check(
          `${at} margins in order`,
          income.grossProfit! >= income.operatingIncome! &&
            income.operatingIncome! >= income.netIncome! &&
            income.revenue! > income.grossProfit!,
        );
        check(`${at} EPS`, same(income.eps, income.netIncome! / income.dilutedShares!));
        check(
          `${at} cash flow sums`,
          same(
            cashFlow.netChangeInCash,
            cashFlow.operatingCashFlow! + cashFlow.investingCashFlow! + cashFlow.financingCashFlow!,
          ) &&
            same(cashFlow.freeCashFlow, cashFlow.operatingCashFlow! + cashFlow.capitalExpenditure!),
        );
        check(
          `${at} positive balances`,
          balance.cash! > 0 && balance.currentAssets! > balance.cash!,
        );
      }
      // From one quarter's end to the next: cash moves by the cash flow's net change, equity
      // by net income less dividends plus stock issued (net of stock bought back).
      const quarters = statements.quarters;
      for (let index = 1; index < quarters.length; index += 1) {
        const before = quarters[index - 1]!;
        const now = quarters[index]!;
        check(
          `${now.label} cash roll-forward`,
          same(now.balance.cash! - before.balance.cash!, now.cashFlow.netChangeInCash),
        );
        check(
          `${now.label} equity roll-forward`,
          same(
            now.balance.totalEquity! - before.balance.totalEquity!,
            now.income.netIncome! + now.cashFlow.dividendsPaid! + now.cashFlow.stockRepurchased!,
          ),
        );
      }
      // A year is its four quarters: flows summed, the balance sheet of its last quarter.
      for (const year of statements.years) {
        const members = quarters.filter((quarter) => quarter.fiscalYear === year.fiscalYear);
        check(`FY ${year.fiscalYear} has four quarters`, members.length === 4);
        const sum = (pick: (period: SimulatedPeriod) => number | null) =>
          members.reduce((total, member) => total + pick(member)!, 0);
        check(
          `FY ${year.fiscalYear} revenue`,
          same(
            year.income.revenue,
            sum((period) => period.income.revenue),
          ),
        );
        check(
          `FY ${year.fiscalYear} net income`,
          same(
            year.income.netIncome,
            sum((period) => period.income.netIncome),
          ),
        );
        check(
          `FY ${year.fiscalYear} operating cash flow`,
          same(
            year.cashFlow.operatingCashFlow,
            sum((period) => period.cashFlow.operatingCashFlow),
          ),
        );
        check(
          `FY ${year.fiscalYear} balance sheet`,
          same(year.balance.totalAssets, members[3]!.balance.totalAssets),
        );
      }
      check('five years', statements.years.length >= 6);
    }
    expect(wrong).toEqual([]);
  });

  it('agree with the key statistics for every listed company', () => {
    const wrong: string[] = [];
    for (const listing of companies) {
      const { price, statements, metrics, profile } = drawn(listing);
      const { income, balance, cashFlow } = statements.ttm;
      const before = statements.ttmYearBefore.income;
      const fiveYearsBefore = statements.quarters
        .slice(-24, -20)
        .reduce((total, quarter) => total + quarter.income.revenue!, 0);
      const shown: Record<string, [number | null, number]> = {
        eps: [metrics.eps, round(income.eps!)],
        grossMargin: [
          metrics.grossMarginPercent,
          round((income.grossProfit! / income.revenue!) * 100),
        ],
        operatingMargin: [
          metrics.operatingMarginPercent,
          round((income.operatingIncome! / income.revenue!) * 100),
        ],
        netMargin: [metrics.netMarginPercent, round((income.netIncome! / income.revenue!) * 100)],
        roe: [metrics.roePercent, round((income.netIncome! / balance.totalEquity!) * 100)],
        debtToEquity: [metrics.debtToEquity, round(balance.totalDebt! / balance.totalEquity!)],
        currentRatio: [
          metrics.currentRatio,
          round(balance.currentAssets! / balance.currentLiabilities!),
        ],
        payout: [
          metrics.payoutRatioPercent,
          round((-cashFlow.dividendsPaid! / income.netIncome!) * 100),
        ],
        revenueGrowth: [
          metrics.revenueGrowthPercent,
          round((income.revenue! / before.revenue! - 1) * 100),
        ],
        epsGrowth: [metrics.epsGrowthPercent, round((income.eps! / before.eps! - 1) * 100)],
        revenueGrowth5y: [
          metrics.revenueGrowth5yPercent,
          round(((income.revenue! / fiveYearsBefore) ** (1 / 5) - 1) * 100),
        ],
        priceToSales: [
          metrics.psRatio,
          round((price * profile.sharesOutstanding!) / income.revenue!),
        ],
        priceToBook: [
          metrics.pbRatio,
          round((price * profile.sharesOutstanding!) / balance.totalEquity!),
        ],
        dividendYield: [
          metrics.dividendYieldPercent,
          round((-cashFlow.dividendsPaid! / profile.sharesOutstanding! / price) * 100),
        ],
        shares: [profile.sharesOutstanding, income.dilutedShares!],
      };
      for (const [name, [statistic, statement]] of Object.entries(shown)) {
        if (statistic !== statement) {
          wrong.push(`${listing.symbol} ${name}: ${statistic} vs ${statement}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are the same every time for a symbol and day, and none for a fund', () => {
    const ko = listedSymbol('KO')!;
    expect(drawn(ko).statements).toEqual(drawn(ko).statements);
    expect(drawn(ko).statements).not.toEqual(drawn(listedSymbol('PEP')!).statements);
    expect(simulatedStatements(listedSymbol('SPY')!, 500, today)).toBeNull();
  });

  it('end with the last quarter reported 40 days after its close', () => {
    expect(lastReportedQuarter('2026-11-23')).toEqual({ year: 2026, quarter: 3 });
    expect(lastReportedQuarter('2026-11-08')).toEqual({ year: 2026, quarter: 2 });
    expect(lastReportedQuarter('2026-02-15')).toEqual({ year: 2025, quarter: 4 });
    expect(lastReportedQuarter('2026-02-05')).toEqual({ year: 2025, quarter: 3 });
    const { statements } = drawn(listedSymbol('AAPL')!);
    expect(statements.quarters.at(-1)).toMatchObject({
      label: 'Q3 2026',
      startDate: '2026-07-01',
      endDate: '2026-09-30',
    });
    expect(statements.ttm).toMatchObject({ startDate: '2025-10-01', endDate: '2026-09-30' });
    expect(statements.years.at(-1)).toMatchObject({ label: 'FY 2025', endDate: '2025-12-31' });
  });
});

import {
  type BalanceSheet,
  type CashFlowStatement,
  type IncomeStatement,
  type StatementPeriod,
  statementQuartersShown,
  statementYearsShown,
} from '@tickerwise/shared';
import type { ReportedFiling } from './finnhub-fundamentals.ts';

/** A period's figures before its growth on the year before is known. */
export type PeriodFigures = Omit<StatementPeriod, 'growth'>;

function change(now: number | null, then: number | null): number | null {
  // From a loss, a percentage says nothing: none is given.
  if (now === null || then === null || !(then > 0)) return null;
  return (now / then - 1) * 100;
}

function growthOn(period: PeriodFigures, before: PeriodFigures | undefined) {
  return {
    revenuePercent: change(period.income.revenue, before?.income.revenue ?? null),
    netIncomePercent: change(period.income.netIncome, before?.income.netIncome ?? null),
    epsPercent: change(period.income.eps, before?.income.eps ?? null),
  };
}

/**
 * The statements as shown: up to five fiscal years, the trailing twelve months first, and up
 * to twenty quarters, newest first, each with its growth on the same period a year before
 * (found among all the periods given, shown or not).
 */
export function shownStatements(
  years: PeriodFigures[],
  quarters: PeriodFigures[],
  ttm: { period: PeriodFigures; yearBefore: PeriodFigures | undefined } | null,
): { annual: StatementPeriod[]; quarterly: StatementPeriod[] } {
  const byYear = new Map(years.map((period) => [period.fiscalYear, period]));
  const byQuarter = new Map(
    quarters.map((period) => [`${period.fiscalYear}-${period.quarter}`, period]),
  );
  const newestFirst = (a: PeriodFigures, b: PeriodFigures) => b.endDate.localeCompare(a.endDate);
  const annual = [...years]
    .sort(newestFirst)
    .slice(0, statementYearsShown)
    .map((period) => ({ ...period, growth: growthOn(period, byYear.get(period.fiscalYear - 1)) }));
  if (ttm) annual.unshift({ ...ttm.period, growth: growthOn(ttm.period, ttm.yearBefore) });
  const quarterly = [...quarters]
    .sort(newestFirst)
    .slice(0, statementQuartersShown)
    .map((period) => ({
      ...period,
      growth: growthOn(period, byQuarter.get(`${period.fiscalYear - 1}-${period.quarter}`)),
    }));
  return { annual, quarterly };
}

// --- Statements as reported (Finnhub's /stock/financials-reported) -------------------------

const first = (lines: Map<string, number>, ...concepts: string[]): number | null => {
  for (const concept of concepts) {
    const value = lines.get(concept);
    if (value !== undefined) return value;
  }
  return null;
};
const negative = (value: number | null) => (value === null ? null : -Math.abs(value));
const sumOf = (...values: (number | null)[]) =>
  values.some((value) => value !== null)
    ? values.reduce<number>((total, value) => total + (value ?? 0), 0)
    : null;
const difference = (a: number | null, b: number | null) =>
  a === null || b === null ? null : a - b;

function incomeOf(ic: Map<string, number>): IncomeStatement {
  const revenue = first(
    ic,
    'Revenues',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
    'SalesRevenueNet',
    'SalesRevenueGoodsNet',
  );
  const costOfRevenue = first(
    ic,
    'CostOfRevenue',
    'CostOfGoodsAndServicesSold',
    'CostOfGoodsSold',
    'CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization',
  );
  const grossProfit = first(ic, 'GrossProfit') ?? difference(revenue, costOfRevenue);
  const operatingIncome = first(ic, 'OperatingIncomeLoss');
  return {
    revenue,
    costOfRevenue,
    grossProfit,
    operatingExpenses: first(ic, 'OperatingExpenses') ?? difference(grossProfit, operatingIncome),
    operatingIncome,
    pretaxIncome: first(
      ic,
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest',
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic',
    ),
    incomeTax: first(ic, 'IncomeTaxExpenseBenefit'),
    netIncome: first(
      ic,
      'NetIncomeLoss',
      'NetIncomeLossAvailableToCommonStockholdersBasic',
      'ProfitLoss',
    ),
    eps: first(
      ic,
      'EarningsPerShareDiluted',
      'EarningsPerShareBasicAndDiluted',
      'EarningsPerShareBasic',
    ),
    dilutedShares: first(
      ic,
      'WeightedAverageNumberOfDilutedSharesOutstanding',
      'WeightedAverageNumberOfShareOutstandingBasicAndDiluted',
    ),
  };
}

function balanceOf(bs: Map<string, number>): BalanceSheet {
  const totalEquity = first(
    bs,
    'StockholdersEquity',
    'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
  );
  const debt = sumOf(
    first(bs, 'LongTermDebtNoncurrent'),
    first(bs, 'LongTermDebtCurrent'),
    first(bs, 'CommercialPaper'),
    first(bs, 'ShortTermBorrowings'),
  );
  return {
    cash: first(
      bs,
      'CashAndCashEquivalentsAtCarryingValue',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
      'Cash',
    ),
    currentAssets: first(bs, 'AssetsCurrent'),
    totalAssets: first(bs, 'Assets'),
    currentLiabilities: first(bs, 'LiabilitiesCurrent'),
    totalDebt: debt ?? first(bs, 'LongTermDebt'),
    totalLiabilities:
      first(bs, 'Liabilities') ??
      difference(
        first(bs, 'LiabilitiesAndStockholdersEquity'),
        first(
          bs,
          'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
          'StockholdersEquity',
        ),
      ),
    totalEquity,
  };
}

function cashFlowOf(cf: Map<string, number>): CashFlowStatement {
  const operatingCashFlow = first(
    cf,
    'NetCashProvidedByUsedInOperatingActivities',
    'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
  );
  const capitalExpenditure = negative(
    first(cf, 'PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'),
  );
  const repurchased = first(cf, 'PaymentsForRepurchaseOfCommonStock');
  const issued = first(cf, 'ProceedsFromIssuanceOfCommonStock');
  return {
    netIncome: first(cf, 'NetIncomeLoss', 'ProfitLoss'),
    depreciation: first(
      cf,
      'DepreciationDepletionAndAmortization',
      'DepreciationAmortizationAndAccretionNet',
      'DepreciationAndAmortization',
      'Depreciation',
    ),
    operatingCashFlow,
    capitalExpenditure,
    investingCashFlow: first(
      cf,
      'NetCashProvidedByUsedInInvestingActivities',
      'NetCashProvidedByUsedInInvestingActivitiesContinuingOperations',
    ),
    dividendsPaid: negative(first(cf, 'PaymentsOfDividends', 'PaymentsOfDividendsCommonStock')),
    stockRepurchased: sumOf(negative(repurchased), issued),
    financingCashFlow: first(
      cf,
      'NetCashProvidedByUsedInFinancingActivities',
      'NetCashProvidedByUsedInFinancingActivitiesContinuingOperations',
    ),
    netChangeInCash: first(
      cf,
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect',
      'CashAndCashEquivalentsPeriodIncreaseDecrease',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect',
    ),
    freeCashFlow:
      operatingCashFlow === null || capitalExpenditure === null
        ? null
        : operatingCashFlow + capitalExpenditure,
  };
}

type Flows = { income: IncomeStatement; cashFlow: CashFlowStatement };

/** `a - b` (or `a + b`) for every flow; EPS and the share count are left to the caller. */
function combine(a: Flows, b: Flows, sign: 1 | -1): Flows {
  const each = <T extends object>(x: T, y: T): T =>
    Object.fromEntries(
      Object.entries(x).map(([key, value]) => {
        const other = (y as Record<string, number | null>)[key] ?? null;
        return [key, value === null || other === null ? null : value + sign * other];
      }),
    ) as T;
  return { income: each(a.income, b.income), cashFlow: each(a.cashFlow, b.cashFlow) };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** A quarterly report whose flows run longer than a quarter gives the year to date. */
const isYearToDate = (filing: ReportedFiling) =>
  filing.startDate !== null && dayNumber(filing.endDate) - dayNumber(filing.startDate) > 120;

/**
 * Statements as reported, read into fiscal years and quarters. A 10-Q's income statement and
 * cash flow may cover the year to date: a quarter is then its year to date less the quarter
 * before's, and the fourth quarter (which has no 10-Q) is the year's 10-K less the third
 * quarter's year to date. The trailing twelve months are the last four quarters when they
 * follow one another (EPS: the sum of theirs), with the latest balance sheet.
 */
export function reportedStatements(
  annualFilings: ReportedFiling[],
  quarterlyFilings: ReportedFiling[],
): { annual: StatementPeriod[]; quarterly: StatementPeriod[] } {
  const years: PeriodFigures[] = annualFilings
    .filter((filing) => filing.quarter === 0 || filing.form.startsWith('10-K'))
    .map(
      (filing): PeriodFigures => ({
        label: `FY ${filing.year}`,
        kind: 'year',
        fiscalYear: filing.year,
        quarter: null,
        startDate: filing.startDate,
        endDate: filing.endDate,
        income: incomeOf(filing.ic),
        balance: balanceOf(filing.bs),
        cashFlow: cashFlowOf(filing.cf),
      }),
    );
  const tenQs = quarterlyFilings.filter((filing) => filing.quarter >= 1 && filing.quarter <= 3);
  const key = (year: number, quarter: number) => `${year}-${quarter}`;
  const filed = new Map(tenQs.map((filing) => [key(filing.year, filing.quarter), filing]));
  const flowsOf = (filing: ReportedFiling): Flows => ({
    income: incomeOf(filing.ic),
    cashFlow: cashFlowOf(filing.cf),
  });
  /** The flows of the fiscal year through quarter `quarter`, when they can be known. */
  const yearToDate = (year: number, quarter: number): Flows | null => {
    const filing = filed.get(key(year, quarter));
    if (!filing) return null;
    if (isYearToDate(filing) || quarter === 1) return flowsOf(filing);
    const before = yearToDate(year, quarter - 1);
    return before && combine(flowsOf(filing), before, 1);
  };
  const quarters: PeriodFigures[] = [];
  for (const filing of tenQs) {
    const own = flowsOf(filing);
    const before =
      filing.quarter > 1 && isYearToDate(filing)
        ? yearToDate(filing.year, filing.quarter - 1)
        : null;
    const flows =
      filing.quarter === 1 || !isYearToDate(filing)
        ? own
        : before
          ? combine(own, before, -1)
          : null;
    if (!flows) continue;
    const derived = flows !== own;
    const income = { ...flows.income };
    if (derived) {
      const shares = own.income.dilutedShares;
      income.dilutedShares = shares;
      income.eps = income.netIncome !== null && shares ? income.netIncome / shares : null;
    }
    quarters.push({
      label: `Q${filing.quarter} ${filing.year}`,
      kind: 'quarter',
      fiscalYear: filing.year,
      quarter: filing.quarter,
      startDate: null,
      endDate: filing.endDate,
      income,
      balance: balanceOf(filing.bs),
      cashFlow: { ...flows.cashFlow },
    });
  }
  // The fourth quarter: the year less its first three quarters.
  for (const year of years) {
    const throughThird = yearToDate(year.fiscalYear, 3);
    if (!throughThird) continue;
    const flows = combine({ income: year.income, cashFlow: year.cashFlow }, throughThird, -1);
    const shares = year.income.dilutedShares;
    quarters.push({
      label: `Q4 ${year.fiscalYear}`,
      kind: 'quarter',
      fiscalYear: year.fiscalYear,
      quarter: 4,
      startDate: null,
      endDate: year.endDate,
      income: {
        ...flows.income,
        eps: flows.income.netIncome !== null && shares ? flows.income.netIncome / shares : null,
        dilutedShares: shares,
      },
      balance: year.balance,
      cashFlow: flows.cashFlow,
    });
  }
  quarters.sort((a, b) => a.endDate.localeCompare(b.endDate));
  return shownStatements(years, quarters, trailingYear(quarters));
}

/** The last four quarters as one period, and the four before, when each four follow on. */
function trailingYear(
  quarters: PeriodFigures[],
): { period: PeriodFigures; yearBefore: PeriodFigures | undefined } | null {
  const four = (end: number): PeriodFigures | undefined => {
    const members = quarters.slice(end - 4, end);
    if (end - 4 < 0 || members.length !== 4) return undefined;
    const index = (period: PeriodFigures) => period.fiscalYear * 4 + (period.quarter ?? 0);
    for (let i = 1; i < 4; i += 1) {
      if (index(members[i]!) !== index(members[i - 1]!) + 1) return undefined;
    }
    let flows: Flows = { income: members[0]!.income, cashFlow: members[0]!.cashFlow };
    for (const member of members.slice(1)) {
      flows = combine(flows, { income: member.income, cashFlow: member.cashFlow }, 1);
    }
    const last = members[3]!;
    return {
      label: 'TTM',
      kind: 'ttm',
      fiscalYear: last.fiscalYear,
      quarter: null,
      startDate: null,
      endDate: last.endDate,
      income: {
        ...flows.income,
        eps: members.every((member) => member.income.eps !== null)
          ? members.reduce((total, member) => total + member.income.eps!, 0)
          : null,
        dilutedShares: last.income.dilutedShares,
      },
      balance: last.balance,
      cashFlow: flows.cashFlow,
    };
  };
  const period = four(quarters.length);
  return period ? { period, yearBefore: four(quarters.length - 4) } : null;
}

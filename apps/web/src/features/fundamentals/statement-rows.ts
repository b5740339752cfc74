import { formatPercentChange, formatUsd, type StatementPeriod } from '@tickerwise/shared';

/** Which statement a table shows. */
export type StatementName = 'income' | 'balance' | 'cashFlow';

export const statementTitles: Record<StatementName, string> = {
  income: 'Income statement',
  balance: 'Balance sheet',
  cashFlow: 'Cash flow',
};

export interface StatementRow {
  label: string;
  /** A derived row (growth, margin, ratio): drawn lighter, under the figure it speaks of. */
  derived: boolean;
  /** A total: drawn bold. */
  total: boolean;
  cells: string[];
}

/** What a figure the source does not have reads. */
export const missing = '—';

const millions = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * One rule per kind of figure, the key statistics' own where they show the same kind (EPS in
 * dollars to the cent, margins with two decimals, growth with its sign), so the trailing
 * twelve months read exactly as the key statistics do.
 */
const formats = {
  /** US dollars in millions. */
  amount: (value: number) => millions.format(value / 1e6),
  perShare: formatUsd,
  percent: (value: number) => `${twoDecimals.format(value)}%`,
  growth: formatPercentChange,
  ratio: (value: number) => twoDecimals.format(value),
};
type Format = keyof typeof formats;

const show = (value: number | null | undefined, format: Format) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? missing
    : formats[format](value);
const share = (part: number | null, whole: number | null, by = 100) =>
  part === null || whole === null || whole === 0 ? null : (part / whole) * by;

type Pick = (period: StatementPeriod) => number | null;
interface RowSpec {
  label: string;
  pick: Pick;
  format: Format;
  derived?: boolean;
  total?: boolean;
}

const rowSpecs: Record<StatementName, RowSpec[]> = {
  income: [
    { label: 'Revenue', pick: (p) => p.income.revenue, format: 'amount', total: true },
    {
      label: 'Revenue growth (YoY)',
      pick: (p) => p.growth.revenuePercent,
      format: 'growth',
      derived: true,
    },
    { label: 'Cost of revenue', pick: (p) => p.income.costOfRevenue, format: 'amount' },
    { label: 'Gross profit', pick: (p) => p.income.grossProfit, format: 'amount', total: true },
    {
      label: 'Gross margin',
      pick: (p) => share(p.income.grossProfit, p.income.revenue),
      format: 'percent',
      derived: true,
    },
    { label: 'Operating expenses', pick: (p) => p.income.operatingExpenses, format: 'amount' },
    {
      label: 'Operating income',
      pick: (p) => p.income.operatingIncome,
      format: 'amount',
      total: true,
    },
    {
      label: 'Operating margin',
      pick: (p) => share(p.income.operatingIncome, p.income.revenue),
      format: 'percent',
      derived: true,
    },
    { label: 'Pretax income', pick: (p) => p.income.pretaxIncome, format: 'amount' },
    { label: 'Income tax', pick: (p) => p.income.incomeTax, format: 'amount' },
    { label: 'Net income', pick: (p) => p.income.netIncome, format: 'amount', total: true },
    {
      label: 'Net margin',
      pick: (p) => share(p.income.netIncome, p.income.revenue),
      format: 'percent',
      derived: true,
    },
    {
      label: 'Net income growth (YoY)',
      pick: (p) => p.growth.netIncomePercent,
      format: 'growth',
      derived: true,
    },
    { label: 'EPS (diluted)', pick: (p) => p.income.eps, format: 'perShare', total: true },
    {
      label: 'EPS growth (YoY)',
      pick: (p) => p.growth.epsPercent,
      format: 'growth',
      derived: true,
    },
    { label: 'Diluted shares', pick: (p) => p.income.dilutedShares, format: 'amount' },
  ],
  balance: [
    { label: 'Cash and equivalents', pick: (p) => p.balance.cash, format: 'amount' },
    { label: 'Current assets', pick: (p) => p.balance.currentAssets, format: 'amount' },
    { label: 'Total assets', pick: (p) => p.balance.totalAssets, format: 'amount', total: true },
    { label: 'Current liabilities', pick: (p) => p.balance.currentLiabilities, format: 'amount' },
    { label: 'Total debt', pick: (p) => p.balance.totalDebt, format: 'amount' },
    {
      label: 'Total liabilities',
      pick: (p) => p.balance.totalLiabilities,
      format: 'amount',
      total: true,
    },
    {
      label: 'Shareholders’ equity',
      pick: (p) => p.balance.totalEquity,
      format: 'amount',
      total: true,
    },
    {
      label: 'Current ratio',
      pick: (p) => share(p.balance.currentAssets, p.balance.currentLiabilities, 1),
      format: 'ratio',
      derived: true,
    },
    {
      label: 'Debt to equity',
      pick: (p) => share(p.balance.totalDebt, p.balance.totalEquity, 1),
      format: 'ratio',
      derived: true,
    },
    {
      label: 'Return on equity',
      pick: (p) => (p.kind === 'quarter' ? null : share(p.income.netIncome, p.balance.totalEquity)),
      format: 'percent',
      derived: true,
    },
  ],
  cashFlow: [
    { label: 'Net income', pick: (p) => p.cashFlow.netIncome, format: 'amount' },
    {
      label: 'Depreciation and amortisation',
      pick: (p) => p.cashFlow.depreciation,
      format: 'amount',
    },
    {
      label: 'Operating cash flow',
      pick: (p) => p.cashFlow.operatingCashFlow,
      format: 'amount',
      total: true,
    },
    { label: 'Capital expenditure', pick: (p) => p.cashFlow.capitalExpenditure, format: 'amount' },
    {
      label: 'Investing cash flow',
      pick: (p) => p.cashFlow.investingCashFlow,
      format: 'amount',
      total: true,
    },
    { label: 'Dividends paid', pick: (p) => p.cashFlow.dividendsPaid, format: 'amount' },
    {
      label: 'Stock issued less bought back',
      pick: (p) => p.cashFlow.stockRepurchased,
      format: 'amount',
    },
    {
      label: 'Financing cash flow',
      pick: (p) => p.cashFlow.financingCashFlow,
      format: 'amount',
      total: true,
    },
    { label: 'Net change in cash', pick: (p) => p.cashFlow.netChangeInCash, format: 'amount' },
    {
      label: 'Free cash flow',
      pick: (p) => p.cashFlow.freeCashFlow,
      format: 'amount',
      total: true,
    },
    {
      label: 'Free cash flow margin',
      pick: (p) => share(p.cashFlow.freeCashFlow, p.income.revenue),
      format: 'percent',
      derived: true,
    },
  ],
};

/**
 * docs/PRODUCT.md §3.13: a statement's rows for the periods given (one cell each, in their
 * order), with growth and margin rows under the figures they speak of. A row the source has
 * for none of the periods is left out.
 */
export function statementRows(name: StatementName, periods: StatementPeriod[]): StatementRow[] {
  return rowSpecs[name].flatMap((spec) => {
    const values = periods.map(spec.pick);
    if (values.every((value) => value === null)) return [];
    return [
      {
        label: spec.label,
        derived: spec.derived ?? false,
        total: spec.total ?? false,
        cells: values.map((value) => show(value, spec.format)),
      },
    ];
  });
}

import {
  formatCompactNumber,
  formatPercentChange,
  formatRatio,
  formatUsd,
  type KeyMetrics,
  keyMetricsSchema,
  type SecurityType,
} from '@tickerwise/shared';

/** What a figure the source does not have reads, instead of a misleading 0. */
export const notAvailable = 'Not available';

export interface Statistic {
  label: string;
  value: string;
}

export interface StatisticGroup {
  title: string;
  statistics: Statistic[];
}

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * One rule per kind of figure, so the same kind always has the same decimals: dollar amounts
 * to the cent, market cap with the T/B/M rule of docs/PRODUCT.md §10, valuation multiples with
 * one decimal (as the P/E ratio), other ratios and percentages with two, growth with its sign.
 */
export const statisticFormats = {
  dollars: formatUsd,
  marketCap: (value: number) => `$${formatCompactNumber(value)}`,
  multiple: formatRatio,
  ratio: (value: number) => twoDecimals.format(value),
  percent: (value: number) => `${twoDecimals.format(value)}%`,
  growth: formatPercentChange,
} satisfies Record<string, (value: number) => string>;

type Format = keyof typeof statisticFormats;

function statistic(label: string, value: number | null, format: Format): Statistic {
  const missing = value === null || !Number.isFinite(value);
  return { label, value: missing ? notAvailable : statisticFormats[format](value) };
}

/**
 * docs/PRODUCT.md §3.13: the key statistics in groups. A fund has no margins, growth or
 * balance sheet of its own, so an ETF shows what describes a fund.
 */
export function keyStatistics(metrics: KeyMetrics, type: SecurityType): StatisticGroup[] {
  const yearRange = [
    statistic('52-week high', metrics.yearHigh, 'dollars'),
    statistic('52-week low', metrics.yearLow, 'dollars'),
  ];
  if (type === 'etf') {
    return [
      {
        title: 'Price and risk',
        statistics: [...yearRange, statistic('Beta', metrics.beta, 'ratio')],
      },
      {
        title: 'Yield and valuation',
        statistics: [
          statistic('Dividend yield', metrics.dividendYieldPercent, 'percent'),
          statistic('P/E ratio', metrics.peRatio, 'multiple'),
          statistic('Market cap', metrics.marketCap, 'marketCap'),
        ],
      },
    ];
  }
  return [
    {
      title: 'Valuation',
      statistics: [
        statistic('Market cap', metrics.marketCap, 'marketCap'),
        statistic('P/E ratio', metrics.peRatio, 'multiple'),
        statistic('P/B ratio', metrics.pbRatio, 'multiple'),
        statistic('P/S ratio', metrics.psRatio, 'multiple'),
        statistic('EPS (TTM)', metrics.eps, 'dollars'),
      ],
    },
    {
      title: 'Price and dividends',
      statistics: [
        ...yearRange,
        statistic('Beta', metrics.beta, 'ratio'),
        statistic('Dividend yield', metrics.dividendYieldPercent, 'percent'),
        statistic('Payout ratio', metrics.payoutRatioPercent, 'percent'),
      ],
    },
    {
      title: 'Profitability',
      statistics: [
        statistic('Gross margin', metrics.grossMarginPercent, 'percent'),
        statistic('Operating margin', metrics.operatingMarginPercent, 'percent'),
        statistic('Net margin', metrics.netMarginPercent, 'percent'),
        statistic('Return on equity', metrics.roePercent, 'percent'),
      ],
    },
    {
      title: 'Growth',
      statistics: [
        statistic('Revenue growth (YoY)', metrics.revenueGrowthPercent, 'growth'),
        statistic('EPS growth (YoY)', metrics.epsGrowthPercent, 'growth'),
        statistic('Revenue growth (5Y, yearly)', metrics.revenueGrowth5yPercent, 'growth'),
      ],
    },
    {
      title: 'Financial health',
      statistics: [
        statistic('Debt to equity', metrics.debtToEquity, 'ratio'),
        statistic('Current ratio', metrics.currentRatio, 'ratio'),
      ],
    },
  ];
}

/** Every figure missing: the labels a loading placeholder shows before the figures arrive. */
export const unknownMetrics = Object.fromEntries(
  Object.keys(keyMetricsSchema.shape).map((key) => [key, null]),
) as KeyMetrics;

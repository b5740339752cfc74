import type { CheckArea, FundamentalCheck, KeyMetrics } from '@tickerwise/shared';

/**
 * The fundamentals checklist: five areas, each check a published threshold applied to one
 * figure of the stored company data. A missing figure is "not available", never a pass or a
 * fail. Thresholds are broad rules of thumb for a large US company, shown with every check so
 * the reader can judge them.
 */

type Unit = FundamentalCheck['unit'];

interface ThresholdCheck {
  key: string;
  area: CheckArea;
  label: string;
  metric: keyof KeyMetrics;
  unit: Unit;
  /** Pass when the figure is below (`max`) or above (`min`) the bound. */
  bound: { max: number } | { min: number };
  /** A ratio that means nothing when negative (P/E with losses) fails with this reason. */
  negativeMeans?: string;
}

const thresholdChecks: readonly ThresholdCheck[] = [
  {
    key: 'pe',
    area: 'value',
    label: 'Price to earnings',
    metric: 'peRatio',
    unit: 'ratio',
    bound: { max: 25 },
    negativeMeans: 'the company made a loss over the last 12 months',
  },
  {
    key: 'pb',
    area: 'value',
    label: 'Price to book',
    metric: 'pbRatio',
    unit: 'ratio',
    bound: { max: 3 },
    negativeMeans: 'the book value is negative',
  },
  {
    key: 'ps',
    area: 'value',
    label: 'Price to sales',
    metric: 'psRatio',
    unit: 'ratio',
    bound: { max: 4 },
  },
  {
    key: 'revenueGrowth',
    area: 'growth',
    label: 'Revenue growth (last 12 months)',
    metric: 'revenueGrowthPercent',
    unit: 'percent',
    bound: { min: 5 },
  },
  {
    key: 'epsGrowth',
    area: 'growth',
    label: 'Earnings per share growth (last 12 months)',
    metric: 'epsGrowthPercent',
    unit: 'percent',
    bound: { min: 5 },
  },
  {
    key: 'revenueGrowth5y',
    area: 'growth',
    label: 'Yearly revenue growth over 5 years',
    metric: 'revenueGrowth5yPercent',
    unit: 'percent',
    bound: { min: 5 },
  },
  {
    key: 'grossMargin',
    area: 'profitability',
    label: 'Gross margin',
    metric: 'grossMarginPercent',
    unit: 'percent',
    bound: { min: 40 },
  },
  {
    key: 'operatingMargin',
    area: 'profitability',
    label: 'Operating margin',
    metric: 'operatingMarginPercent',
    unit: 'percent',
    bound: { min: 15 },
  },
  {
    key: 'netMargin',
    area: 'profitability',
    label: 'Net margin',
    metric: 'netMarginPercent',
    unit: 'percent',
    bound: { min: 10 },
  },
  {
    key: 'roe',
    area: 'profitability',
    label: 'Return on equity',
    metric: 'roePercent',
    unit: 'percent',
    bound: { min: 15 },
  },
  {
    key: 'debtToEquity',
    area: 'health',
    label: 'Debt to equity',
    metric: 'debtToEquity',
    unit: 'ratio',
    bound: { max: 1 },
    negativeMeans: 'the equity is negative',
  },
  {
    key: 'currentRatio',
    area: 'health',
    label: 'Current ratio',
    metric: 'currentRatio',
    unit: 'ratio',
    bound: { min: 1 },
  },
];

/** Yield and payout below which a dividend is "notable" and above which it looks stretched. */
export const dividendBounds = { minYieldPercent: 2, maxPayoutPercent: 75 } as const;

const formatFigure = (value: number, unit: Unit) =>
  unit === 'percent' ? `${value.toFixed(1)}%` : value.toFixed(2);

function thresholdText(check: ThresholdCheck): string {
  if ('max' in check.bound) {
    const bound = formatBound(check.bound.max, check.unit);
    return check.negativeMeans ? `between 0 and ${bound}` : `below ${bound}`;
  }
  return `above ${formatBound(check.bound.min, check.unit)}`;
}

const formatBound = (value: number, unit: Unit) => (unit === 'percent' ? `${value}%` : `${value}`);

function runThresholdCheck(check: ThresholdCheck, metrics: KeyMetrics): FundamentalCheck {
  const value = metrics[check.metric];
  const base = {
    key: check.key,
    area: check.area,
    label: check.label,
    unit: check.unit,
    threshold: thresholdText(check),
  };
  if (value === null || !Number.isFinite(value)) {
    return {
      ...base,
      status: 'not_available',
      value: null,
      explanation: 'The company data does not include this figure.',
    };
  }
  const shown = formatFigure(value, check.unit);
  if (check.negativeMeans && value <= 0) {
    return { ...base, status: 'fail', value, explanation: `${shown}: ${check.negativeMeans}.` };
  }
  const passes = 'max' in check.bound ? value < check.bound.max : value > check.bound.min;
  return {
    ...base,
    status: passes ? 'pass' : 'fail',
    value,
    explanation: `${shown} is ${passes ? '' : 'not '}${base.threshold}.`,
  };
}

function dividendChecks(metrics: KeyMetrics): FundamentalCheck[] {
  const yieldPercent = metrics.dividendYieldPercent;
  const payout = metrics.payoutRatioPercent;
  const known = yieldPercent !== null && Number.isFinite(yieldPercent);
  const pays = known && yieldPercent > 0;
  const missing = 'The company data does not include this figure.';
  const notable = `above ${dividendBounds.minYieldPercent}%`;
  const covered = `below ${dividendBounds.maxPayoutPercent}% of earnings`;
  return [
    {
      key: 'paysDividend',
      area: 'dividend',
      label: 'Pays a dividend',
      status: known ? (pays ? 'pass' : 'fail') : 'not_available',
      value: known ? yieldPercent : null,
      unit: 'percent',
      threshold: 'a yield above 0%',
      explanation: !known
        ? missing
        : pays
          ? `Yields ${formatFigure(yieldPercent, 'percent')}.`
          : 'Pays no dividend.',
    },
    {
      key: 'dividendYield',
      area: 'dividend',
      label: 'Dividend yield',
      status: known
        ? yieldPercent > dividendBounds.minYieldPercent
          ? 'pass'
          : 'fail'
        : 'not_available',
      value: known ? yieldPercent : null,
      unit: 'percent',
      threshold: notable,
      explanation: known
        ? `${formatFigure(yieldPercent, 'percent')} is ${yieldPercent > dividendBounds.minYieldPercent ? '' : 'not '}${notable}.`
        : missing,
    },
    payoutCheck(pays, payout, covered, missing),
  ];
}

function payoutCheck(
  pays: boolean,
  payout: number | null,
  covered: string,
  missing: string,
): FundamentalCheck {
  const base = {
    key: 'payoutRatio',
    area: 'dividend' as const,
    label: 'Payout ratio',
    unit: 'percent' as const,
    threshold: covered,
  };
  if (!pays) {
    return { ...base, status: 'not_available', value: null, explanation: 'No dividend to cover.' };
  }
  if (payout === null || !Number.isFinite(payout)) {
    return { ...base, status: 'not_available', value: null, explanation: missing };
  }
  const shown = formatFigure(payout, 'percent');
  if (payout <= 0) {
    return {
      ...base,
      status: 'fail',
      value: payout,
      explanation: `${shown}: the dividend is paid without earnings to cover it.`,
    };
  }
  const passes = payout < dividendBounds.maxPayoutPercent;
  return {
    ...base,
    status: passes ? 'pass' : 'fail',
    value: payout,
    explanation: `${shown} is ${passes ? '' : 'not '}${covered}.`,
  };
}

/** Every check, area by area in the order value, growth, profitability, health, dividend. */
export function runFundamentalChecks(metrics: KeyMetrics): FundamentalCheck[] {
  return [
    ...thresholdChecks.map((check) => runThresholdCheck(check, metrics)),
    ...dividendChecks(metrics),
  ];
}

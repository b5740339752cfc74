import {
  checkAreaText,
  ratingLabelText,
  returnPeriodText,
  type VoteValue,
} from '@tickerwise/shared';
import type { AnalysisFacts } from './facts.ts';

/**
 * The facts as a language model reads them: plain words for keys and labels, numbers rounded
 * to two decimals so the model can copy them as they are. The number check accepts any number
 * found in this object (keys included: "52 weeks", "30 trading days") or in the full facts.
 */

const round = (value: number | null, places = 2) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

const voteText = (vote: VoteValue) =>
  vote === null ? 'not enough history' : vote === 1 ? 'Buy' : vote === -1 ? 'Sell' : 'Neutral';

const labelText = (label: keyof typeof ratingLabelText | null) =>
  label === null ? 'not enough history' : ratingLabelText[label];

export function toModelFacts(facts: AnalysisFacts) {
  const { security, rating, figures, company } = facts;
  const group = (part: AnalysisFacts['rating']['movingAverages'], total: number) => ({
    score: round(part.score),
    rating: labelText(part.label),
    buyVotes: part.buy,
    neutralVotes: part.neutral,
    sellVotes: part.sell,
    votesWithoutEnoughHistory: part.unavailable,
    totalVotes: total,
  });
  const maTotal = rating.votes.filter((vote) => vote.group === 'movingAverages').length;
  const oscTotal = rating.votes.length - maTotal;
  return {
    symbol: security.symbol,
    name: security.name,
    securityType: security.type,
    sector: security.sector,
    industry: security.industry,
    dataDate: facts.dataDate,
    priceData:
      facts.priceSource === 'simulated' ? 'simulated (not real market data)' : facts.priceSource,
    lastClose: round(figures.close),
    technicalRating: {
      overall: { score: round(rating.overall.score), rating: labelText(rating.overall.label) },
      movingAverages: group(rating.movingAverages, maTotal),
      oscillators: group(rating.oscillators, oscTotal),
      votes: rating.votes.map((vote) => ({
        indicator: vote.name,
        vote: voteText(vote.vote),
        readings: Object.fromEntries(
          vote.readings.map((reading) => [reading.label, round(reading.value)]),
        ),
        rule: vote.rule,
      })),
    },
    priceReturnsPercent: Object.fromEntries(
      figures.returns.map((entry) => [
        returnPeriodText[entry.period],
        { percent: round(entry.percent), since: entry.from },
      ]),
    ),
    volatility: {
      window: '30 trading days',
      annualisedPercent: round(figures.volatility30d),
    },
    maxDrawdownLast1Year: figures.maxDrawdown1y && {
      percent: round(figures.maxDrawdown1y.percent),
      peakDate: figures.maxDrawdown1y.peak,
      troughDate: figures.maxDrawdown1y.trough,
    },
    againstBenchmarkLast1Year: {
      benchmark: `${figures.benchmark.symbol} (an S&P 500 index fund)`,
      beta: round(figures.benchmark.beta),
      correlation: round(figures.benchmark.correlation),
      pairedTradingDays: figures.benchmark.days,
    },
    range52Weeks: figures.yearRange && {
      low: round(figures.yearRange.low),
      high: round(figures.yearRange.high),
      closePositionPercent: round(figures.yearRange.position),
    },
    movingAverages: {
      sma50Day: round(figures.sma50),
      sma200Day: round(figures.sma200),
      closeVsSma50Percent: round(figures.distanceToSma50),
      closeVsSma200Percent: round(figures.distanceToSma200),
      lastCrossOf50DayAnd200Day: figures.lastCross && {
        kind:
          figures.lastCross.kind === 'golden'
            ? 'golden cross (50-day crossed above 200-day)'
            : 'death cross (50-day crossed below 200-day)',
        date: figures.lastCross.date,
      },
    },
    companyData: company && {
      source: company.source === 'simulated' ? 'simulated (not real company data)' : company.source,
      asOf: company.asOf,
      marketCapUsd: round(company.metrics.marketCap, 0),
      epsUsd: round(company.metrics.eps),
      betaReported: round(company.metrics.beta),
    },
    fundamentalsChecklist: {
      passed: facts.checks.filter((check) => check.status === 'pass').length,
      failed: facts.checks.filter((check) => check.status === 'fail').length,
      notAvailable: facts.checks.filter((check) => check.status === 'not_available').length,
      withData: facts.checks.filter((check) => check.status !== 'not_available').length,
      total: facts.checks.length,
      checks: facts.checks.map((check) => ({
        area: checkAreaText[check.area],
        check: check.label,
        result: check.status === 'not_available' ? 'not available' : check.status,
        value: round(check.value),
        unit: check.unit,
        threshold: check.threshold,
      })),
    },
  };
}

export type ModelFacts = ReturnType<typeof toModelFacts>;

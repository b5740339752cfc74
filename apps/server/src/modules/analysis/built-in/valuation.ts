import { type CheckArea, checkAreaText, type FundamentalCheck } from '@tickerwise/shared';
import { checksWithData, type WriterContext } from './context.ts';
import { bigUsd, day, list, percent, ratio, usd } from './wording.ts';

const areasInOrder: readonly CheckArea[] = [
  'value',
  'growth',
  'profitability',
  'health',
  'dividend',
];

const figure = (check: FundamentalCheck) =>
  check.value === null ? '' : check.unit === 'percent' ? percent(check.value) : ratio(check.value);

/** "gross margin of 45.9% (above 40%)", "price to earnings of 28.40 (wanted: between 0 and 25)" */
function described(check: FundamentalCheck): string {
  const name = check.label.charAt(0).toLowerCase() + check.label.slice(1);
  const value = figure(check);
  const signed = check.value !== null && check.value < 0 ? `negative ${value}` : value;
  const bar = check.status === 'pass' ? check.threshold : `wanted: ${check.threshold}`;
  return `${name} of ${signed} (${bar})`;
}

const both = (count: number, one: string, two: string, many: string) =>
  count === 1 ? one : count === 2 ? two : many;

function areaSentence(area: CheckArea, checks: FundamentalCheck[], context: WriterContext) {
  const passing = checks.filter((check) => check.status === 'pass').map(described);
  const failing = checks.filter((check) => check.status === 'fail').map(described);
  const name = checkAreaText[area];
  const { phrasing } = context;
  if (failing.length === 0) {
    return phrasing.pick(`valuation.${area}.pass`, [
      `${name} checks out: ${list(passing)}.`,
      `On ${name.toLowerCase()}, ${both(passing.length, 'the check passes', 'both checks pass', 'every check passes')}, with ${list(passing)}.`,
    ]);
  }
  if (passing.length === 0) {
    return phrasing.pick(`valuation.${area}.fail`, [
      `${name} is a weak spot: ${list(failing)} ${both(failing.length, 'misses its threshold', 'both miss their thresholds', 'all miss their thresholds')}.`,
      `On ${name.toLowerCase()}, nothing passes: ${list(failing)}.`,
    ]);
  }
  return phrasing.pick(`valuation.${area}.mixed`, [
    `${name} is mixed: ${list(passing)} ${passing.length === 1 ? 'passes' : 'pass'}, but ${list(failing)} ${failing.length === 1 ? 'does' : 'do'} not.`,
    `On ${name.toLowerCase()}, ${list(passing)} ${passing.length === 1 ? 'clears its bar' : 'clear their bars'} while ${list(failing)} ${failing.length === 1 ? 'falls' : 'fall'} short.`,
  ]);
}

/**
 * The dividend checks read as one thought: no dividend is said once; otherwise "pays a
 * dividend" is implied by the yield and left out.
 */
function dividendSentence(checks: FundamentalCheck[], context: WriterContext): string | null {
  const pays = checks.find((check) => check.key === 'paysDividend');
  if (pays?.status === 'fail') {
    return `${context.facts.security.name} pays no dividend.`;
  }
  const rest = checks.filter((check) => check.key !== 'paysDividend');
  return rest.length === 0 ? null : areaSentence('dividend', rest, context);
}

function sizeSentence({ facts }: WriterContext): string | null {
  const metrics = facts.company?.metrics;
  if (!metrics) return null;
  const { marketCap, eps } = metrics;
  if (marketCap !== null && eps !== null) {
    return `${facts.security.name} is valued at ${bigUsd(marketCap)}, with trailing earnings per share of ${eps < 0 ? 'minus ' : ''}${usd(Math.abs(eps))}.`;
  }
  if (marketCap !== null) return `${facts.security.name} is valued at ${bigUsd(marketCap)}.`;
  return null;
}

function sourceSentence({ facts }: WriterContext): string | null {
  const company = facts.company;
  if (!company) return null;
  return company.source === 'simulated'
    ? `The company figures are simulated for demonstration, as of ${day(company.asOf)}.`
    : `Company figures come from ${company.source === 'finnhub' ? 'Finnhub' : company.source}, as of ${day(company.asOf)}.`;
}

export function writeValuation(context: WriterContext): string {
  const { facts } = context;
  const withData = checksWithData(facts.checks);
  if (withData.length === 0) {
    return facts.security.type === 'etf'
      ? `As a fund, ${facts.security.symbol} has no earnings, margins or balance sheet of its own to check, and no company figures are stored for it.`
      : `No company figures are stored for ${facts.security.symbol}, so its valuation and quality cannot be assessed here.`;
  }
  const sentences = [sizeSentence(context)];
  for (const area of areasInOrder) {
    const checks = withData.filter((check) => check.area === area);
    if (checks.length === 0) continue;
    sentences.push(
      area === 'dividend' ? dividendSentence(checks, context) : areaSentence(area, checks, context),
    );
  }
  const noDividend = facts.checks.some(
    (check) => check.key === 'paysDividend' && check.status === 'fail',
  );
  const missing = facts.checks.filter(
    (check) => check.status === 'not_available' && !(noDividend && check.key === 'payoutRatio'),
  );
  if (missing.length > 0) {
    const names = missing.map((check) => check.label.toLowerCase());
    sentences.push(`Not available in the company data: ${list(names)}.`);
  }
  sentences.push(sourceSentence(context));
  return sentences.filter((part): part is string => part !== null).join(' ');
}

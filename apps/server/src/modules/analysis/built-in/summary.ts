import { type CheckArea, checkAreaText } from '@tickerwise/shared';
import {
  checksWithData,
  kindOf,
  labelOf,
  leaning,
  returnOf,
  type WriterContext,
} from './context.ts';
import { day, isFlat, percent, usd } from './wording.ts';

function ratingSentence({ facts, phrasing }: WriterContext): string {
  const { security, rating } = facts;
  const { symbol, name } = security;
  const overall = labelOf(rating.overall.label);
  const ma = labelOf(rating.movingAverages.label);
  const osc = labelOf(rating.oscillators.label);
  const date = day(facts.dataDate);
  if (rating.overall.label === null) {
    return `There is not yet enough price history to rate ${name} (${symbol}) on its technical indicators.`;
  }
  const maVotes = rating.movingAverages;
  const maTotal = maVotes.buy + maVotes.neutral + maVotes.sell + maVotes.unavailable;
  const options = [
    `${name} (${symbol}) rates ${overall} on the technical rating as of ${date}: its moving averages read ${ma} and its oscillators ${osc}.`,
    `As of the close on ${date}, ${symbol} earns an overall technical rating of ${overall}, built from a ${ma} reading on the moving averages and a ${osc} reading on the oscillators.`,
    `${symbol}'s technical picture comes out at ${overall} as of ${date}: ${maVotes.buy} of the ${maTotal} moving averages vote buy and ${maVotes.sell} vote sell, while the oscillators add up to ${osc}.`,
  ];
  const first = phrasing.pick('summary.rating', options);
  const maLean = leaning(rating.movingAverages.label);
  const oscLean = leaning(rating.oscillators.label);
  if (maLean !== 0 && oscLean !== 0 && maLean !== oscLean) {
    return `${first} ${phrasing.pick('summary.disagree', [
      'The two halves pull in opposite directions, which keeps the overall reading nearer the middle.',
      'Trend and momentum disagree here, so the overall rating is a compromise between them.',
    ])}`;
  }
  return first;
}

function performanceSentence({ facts, phrasing }: WriterContext): string {
  const close = usd(facts.figures.close);
  const year = returnOf(facts, '1y');
  const ytd = returnOf(facts, 'ytd');
  if (year === null) {
    return `The last close was ${close}; the stored history does not yet reach back a full year.`;
  }
  const yearPart = isFlat(year)
    ? 'little changed from a year earlier'
    : phrasing.pick('summary.year', [
        `${year > 0 ? 'up' : 'down'} ${percent(year)} over the past year`,
        `${year > 0 ? 'a gain' : 'a loss'} of ${percent(year)} from a year earlier`,
      ]);
  const ytdPart =
    ytd === null || isFlat(ytd)
      ? ''
      : year > 0 === ytd > 0
        ? `, and ${ytd > 0 ? 'up' : 'down'} ${percent(ytd)} since the start of the year`
        : `, though ${ytd > 0 ? 'up' : 'down'} ${percent(ytd)} since the start of the year`;
  return `${phrasing.pick('summary.close', ['The shares closed at', 'The last close was'])} ${close}, ${yearPart}${ytdPart}.`;
}

function checklistSentence({ facts, phrasing }: WriterContext): string {
  const withData = checksWithData(facts.checks);
  if (withData.length === 0) {
    return `No company figures are stored for this ${kindOf(facts)}, so the fundamentals checklist has nothing to assess.`;
  }
  const passed = withData.filter((check) => check.status === 'pass').length;
  const byArea = new Map<CheckArea, { pass: number; total: number }>();
  for (const check of withData) {
    const tally = byArea.get(check.area) ?? { pass: 0, total: 0 };
    tally.total += 1;
    if (check.status === 'pass') tally.pass += 1;
    byArea.set(check.area, tally);
  }
  const ranked = [...byArea.entries()].sort(([, a], [, b]) => b.pass / b.total - a.pass / a.total);
  const [best, bestTally] = ranked[0] as [CheckArea, { pass: number; total: number }];
  const [worst, worstTally] = ranked.at(-1) as [CheckArea, { pass: number; total: number }];
  const opening = phrasing.pick('summary.checks', [
    `Of the ${withData.length} fundamental checks with data, ${passed} pass`,
    `On the fundamentals, ${passed} of ${withData.length} checks pass`,
  ]);
  const spread =
    bestTally.pass / bestTally.total > worstTally.pass / worstTally.total
      ? `, strongest on ${checkAreaText[best].toLowerCase()} and weakest on ${checkAreaText[worst].toLowerCase()}`
      : '';
  return `${opening}${spread}.`;
}

function provenanceSentence({ facts }: WriterContext): string | null {
  if (facts.priceSource !== 'simulated') return null;
  return 'These prices are simulated for demonstration and are not real market data.';
}

export function writeSummary(context: WriterContext): string {
  return [
    ratingSentence(context),
    performanceSentence(context),
    checklistSentence(context),
    provenanceSentence(context),
  ]
    .filter((part): part is string => part !== null)
    .join(' ');
}

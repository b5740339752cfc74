/**
 * Checks that every number a writer used is one of the facts. A number in the text matches a
 * fact when it equals it within the rounding the text shows ("12.3%" matches 12.34, "$2.9
 * trillion" matches 2,946,000,000,000); a sign written in the text must agree with the fact's.
 * Read as numbers: digits with commas and decimals, with $ or %, "x"/"times", a scale word
 * (thousand, million, billion, trillion or K, M, B, T), and digit ordinals ("15th"); dates in
 * ISO form, "March 5, 2025", "5 March 2025", "March 2025" or "March 5"; and written-out
 * cardinals from "two" to "ninety-nine". Allowed without a check: "one" (it is mostly a
 * pronoun) and ordinal words ("first", "third"), which order things rather than state a figure.
 *
 * A number found inside the facts' words ("Relative Strength Index (14)", "above 5%", a key
 * like "52 weeks") is a label: it matches only a number of the same kind, so "RSI (14)" lets
 * the text say "14-day" but not "14%". A percentage in the text matches only a value whose
 * key says it is one (`annualisedPercent`, `{ value, unit: 'percent' }`), a dollar amount only
 * a value that is not; a bare number matches any value.
 */

export type NumberKind = 'percent' | 'money' | 'plain';

export interface AllowedFacts {
  /** The facts' numeric values, and whether each is a percentage. */
  values: Array<{ value: number; percent: boolean }>;
  /** Numbers written inside the facts' words, with their kind. */
  labels: Array<{ value: number; kind: NumberKind }>;
  /** ISO days (YYYY-MM-DD). */
  dates: Set<string>;
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const monthPattern =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

const monthNumber = (name: string) =>
  months.findIndex((month) => month.startsWith(name.toLowerCase().replace('.', '').slice(0, 3))) +
  1;

const pad = (value: number) => String(value).padStart(2, '0');

const scales: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  t: 1e12,
};

const units = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
  (n) => ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][n - 1] as string,
);
const smallWords: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const tensWords: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** One figure the text states. */
export type StatedFigure =
  | {
      kind: 'number';
      text: string;
      value: number;
      tolerance: number;
      sign: -1 | 0 | 1;
      unit: NumberKind;
    }
  | { kind: 'date'; text: string; date: string }
  | { kind: 'month'; text: string; year: number; month: number }
  | { kind: 'dayOfMonth'; text: string; month: number; day: number };

const patterns = {
  isoDate: /\b(\d{4})-(\d{2})-(\d{2})\b/y,
  monthDayYear: new RegExp(
    `\\b${monthPattern}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
    'iy',
  ),
  dayMonthYear: new RegExp(
    `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${monthPattern}\\s*,?\\s+(\\d{4})\\b`,
    'iy',
  ),
  monthYear: new RegExp(`\\b${monthPattern}\\s+(\\d{4})\\b`, 'iy'),
  monthDay: new RegExp(`\\b${monthPattern}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, 'iy'),
  number:
    /([-−–+]?)\s?\$?\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?|\.(\d+))(?:st|nd|rd|th)?(?:\s?(%|percent\b|per cent\b|x\b|times\b|trillion\b|billion\b|million\b|thousand\b|bn\b|mn\b|[TBMK]\b))?/y,
  word: /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](one|two|three|four|five|six|seven|eight|nine))?\b|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b/iy,
};

function readNumber(match: RegExpExecArray): StatedFigure {
  const [text, signText, digits = '', decimals, bareDecimals, unitText] = match;
  const fraction = decimals ?? bareDecimals ?? '';
  const scale = unitText ? (scales[unitText.toLowerCase()] ?? 1) : 1;
  const value = Number(digits.replaceAll(',', '')) * scale;
  const sign = signText === '+' ? 1 : signText ? -1 : 0;
  const percent = unitText !== undefined && /^(%|percent|per cent)$/i.test(unitText);
  return {
    kind: 'number',
    text: text.trim(),
    value,
    tolerance: 0.5 * 10 ** -fraction.length * scale,
    sign,
    unit: percent ? 'percent' : text.includes('$') ? 'money' : 'plain',
  };
}

function readWord(match: RegExpExecArray): StatedFigure {
  const [text, tens, unit, small] = match;
  const value = small
    ? (smallWords[small.toLowerCase()] as number)
    : (tensWords[(tens as string).toLowerCase()] as number) +
      (unit ? units.indexOf(unit.toLowerCase()) + 1 : 0);
  return { kind: 'number', text, value, tolerance: 0, sign: 0, unit: 'plain' };
}

const isoOf = (year: string, month: string, day: string) =>
  `${year}-${pad(monthNumber(month))}-${pad(Number(day))}`;

/** The ways a figure is read, tried in this order; `wordStart` ones only at a word's start. */
const readers: Array<{
  pattern: RegExp;
  wordStart: boolean;
  read: (match: RegExpExecArray) => StatedFigure | null;
}> = [
  {
    pattern: patterns.isoDate,
    wordStart: false,
    read: (m) => ({ kind: 'date', text: m[0], date: `${m[1]}-${m[2]}-${m[3]}` }),
  },
  {
    pattern: patterns.monthDayYear,
    wordStart: true,
    read: (m) => ({ kind: 'date', text: m[0], date: isoOf(m[3] ?? '', m[1] ?? '', m[2] ?? '') }),
  },
  {
    pattern: patterns.dayMonthYear,
    wordStart: false,
    read: (m) => ({ kind: 'date', text: m[0], date: isoOf(m[3] ?? '', m[2] ?? '', m[1] ?? '') }),
  },
  {
    pattern: patterns.monthYear,
    wordStart: true,
    read: (m) => ({
      kind: 'month',
      text: m[0],
      year: Number(m[2]),
      month: monthNumber(m[1] ?? ''),
    }),
  },
  {
    pattern: patterns.monthDay,
    wordStart: true,
    read: (m) => ({
      kind: 'dayOfMonth',
      text: m[0],
      month: monthNumber(m[1] ?? ''),
      day: Number(m[2]),
    }),
  },
  {
    pattern: patterns.number,
    wordStart: false,
    read: (m) => (/\d/.test(m[0]) ? readNumber(m) : null),
  },
  { pattern: patterns.word, wordStart: true, read: readWord },
];

/** Every figure stated in `text`, in order. */
export function statedFigures(text: string): StatedFigure[] {
  const figures: StatedFigure[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (!/[\d$.\-−–+A-Za-z]/.test(char)) {
      index += 1;
      continue;
    }
    // Inside a word only digits are read: the "2" of "Q2", not the "one" of "stone".
    const startsWord = !/[A-Za-z]/.test(text[index - 1] ?? ' ');
    let consumed = 0;
    for (const reader of readers) {
      if (reader.wordStart && !startsWord) continue;
      reader.pattern.lastIndex = index;
      const match = reader.pattern.exec(text);
      const figure = match ? reader.read(match) : null;
      if (match && figure) {
        figures.push(figure);
        consumed = match[0].length;
        break;
      }
    }
    if (consumed === 0) {
      // Skip the rest of a word so its letters are not read as a month or number word.
      const word = /[A-Za-z]+/y;
      word.lastIndex = index;
      consumed = /[A-Za-z]/.test(char) ? (word.exec(text)?.[0].length ?? 1) : 1;
    }
    index += consumed;
  }
  return figures;
}

/** The numbers and days found in a facts object: values, keys and the text of strings. */
export function allowedFactsOf(...sources: unknown[]): AllowedFacts {
  const values: AllowedFacts['values'] = [];
  const labels: AllowedFacts['labels'] = [];
  const dates = new Set<string>();
  const addText = (text: string) => {
    for (const figure of statedFigures(text)) {
      if (figure.kind === 'number') {
        labels.push({
          value: figure.sign === -1 ? -figure.value : figure.value,
          kind: figure.unit,
        });
      } else if (figure.kind === 'date') {
        dates.add(figure.date);
      }
    }
  };
  const visit = (value: unknown, percent: boolean) => {
    if (typeof value === 'number' && Number.isFinite(value)) values.push({ value, percent });
    else if (typeof value === 'string') addText(value);
    else if (Array.isArray(value)) {
      for (const item of value) visit(item, percent);
    } else if (value && typeof value === 'object') {
      const inPercent = 'unit' in value && value.unit === 'percent';
      for (const [key, inner] of Object.entries(value)) {
        addText(key);
        visit(inner, percent || /percent/i.test(key) || (inPercent && key === 'value'));
      }
    }
  };
  for (const source of sources) visit(source, false);
  for (const date of dates) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    for (const part of [year, month, day]) labels.push({ value: part, kind: 'plain' });
  }
  return { values, labels, dates };
}

type NumberFigure = Extract<StatedFigure, { kind: 'number' }>;

function equalWithinRounding(figure: NumberFigure, fact: number): boolean {
  if (figure.sign === 1 && fact < 0) return false;
  if (figure.sign === -1 && fact > 0) return false;
  const slack = figure.tolerance + 1e-9 * Math.max(1, Math.abs(fact));
  return Math.abs(Math.abs(figure.value) - Math.abs(fact)) <= slack;
}

function matchesNumber(figure: NumberFigure, allowed: AllowedFacts) {
  const fits = (fact: { percent: boolean }) =>
    figure.unit === 'plain' || fact.percent === (figure.unit === 'percent');
  return (
    allowed.values.some((fact) => fits(fact) && equalWithinRounding(figure, fact.value)) ||
    allowed.labels.some(
      (label) => label.kind === figure.unit && equalWithinRounding(figure, label.value),
    )
  );
}

function matches(figure: StatedFigure, allowed: AllowedFacts): boolean {
  switch (figure.kind) {
    case 'number':
      return matchesNumber(figure, allowed);
    case 'date':
      return allowed.dates.has(figure.date);
    case 'month':
      return [...allowed.dates].some((date) =>
        date.startsWith(`${figure.year}-${pad(figure.month)}-`),
      );
    case 'dayOfMonth':
      return [...allowed.dates].some((date) =>
        date.endsWith(`-${pad(figure.month)}-${pad(figure.day)}`),
      );
  }
}

/** The figures of `text` that match no fact (empty when the text is grounded). */
export function unmatchedFigures(text: string, allowed: AllowedFacts): string[] {
  return statedFigures(text)
    .filter((figure) => !matches(figure, allowed))
    .map((figure) => figure.text);
}

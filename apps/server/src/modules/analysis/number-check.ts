/**
 * Checks that every number a writer used is one of the facts. A number in the text matches a
 * fact when it equals it within the rounding the text shows ("12.3%" matches 12.34, "$2.9
 * trillion" matches 2,946,000,000,000); a sign written in the text must agree with the fact's.
 * Read as numbers: digits with commas and decimals, with $ or %, "x"/"times", a scale word
 * (thousand, million, billion, trillion or K, M, B, T), and digit ordinals ("15th"); dates in
 * ISO form, "March 5, 2025", "5 March 2025", "March 2025" or "March 5"; and numbers in
 * English words at any size (`number-words.ts`: "nine thousand eight hundred and seventy-six
 * dollars", "two and a half million", "one thousand percent"). Allowed without a check: "one"
 * without a unit (it is mostly a pronoun) and ordinal words alone ("first", "third"), which
 * order things rather than state a figure.
 *
 * The text is read as a person sees it first (`textAsSeen`: NFKC, so full-width `９８７６`
 * and `％` count; every script's digits as ASCII; invisible characters left out; Cyrillic and
 * Greek look-alike letters as Latin). A numeric claim the check cannot read is never taken as
 * checked: Roman numerals with a unit ("DCCC percent", "$MM"), numerals of other systems
 * ("九八七六", "፱"), digits followed by a word in another script, and number words run
 * together that make no one number.
 *
 * A number found inside the facts' words ("Relative Strength Index (14)", "above 5%", a key
 * like "52 weeks") is a label: it matches only a number of the same kind, so "RSI (14)" lets
 * the text say "14-day" but not "14%". A percentage in the text matches only a value whose
 * key says it is one (`annualisedPercent`, `{ value, unit: 'percent' }`), a dollar amount only
 * a value that is not; a bare number matches any value.
 */

import { textAsSeen } from '@tickerwise/shared';
import { readNumberWords } from './number-words.ts';

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
  hundred: 100,
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
  | { kind: 'dayOfMonth'; text: string; month: number; day: number }
  /** A numeric claim the check cannot read: never matches a fact. */
  | { kind: 'unreadable'; text: string };

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
    /([-−–+]?)\s?\$?\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?|\.(\d+))(?:st|nd|rd|th)?(?:\s?(%|percent\b|per cent\b|x\b|times\b|trillion\b|billion\b|million\b|thousand\b|hundred\b|bn\b|mn\b|[TBMK]\b))?(?:\s?(dollars?\b|usd\b|cents?\b))?/y,
  /** The unit after a number in words. */
  wordUnit:
    /\s?(%|percent\b|per cent\b|percentage points?\b|dollars?\b|usd\b|cents?\b|times\b|x\b)/iy,
  /** A Roman numeral with a unit, or after a dollar sign: a figure the check cannot read. */
  roman:
    /(\$\s?)?\b(?=[MDCLXVI])M{0,4}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})\b(\s?(?:%|percent\b|per cent\b|dollars?\b|usd\b|cents?\b|times\b|thousand\b|million\b|billion\b|trillion\b))?/iy,
  /** Numerals the check cannot read: other numeral systems, CJK numerals. */
  otherNumerals: /(?:(?![0-9])\p{N}|[〇零一二三四五六七八九十百千万萬亿億兆两])+/uy,
  /** A word in another script right after a number ("500 миллионов"). */
  foreignWord: /\s?\p{L}*(?:(?!\p{Script=Latin})\p{L})\p{L}*/uy,
};

function readNumber(match: RegExpExecArray): StatedFigure {
  const [text, signText, digits = '', decimals, bareDecimals, unitText, currencyText] = match;
  const fraction = decimals ?? bareDecimals ?? '';
  const cents = currencyText !== undefined && /^cent/i.test(currencyText);
  const scale = (unitText ? (scales[unitText.toLowerCase()] ?? 1) : 1) * (cents ? 0.01 : 1);
  const value = Number(digits.replaceAll(',', '')) * scale;
  const sign = signText === '+' ? 1 : signText ? -1 : 0;
  const percent = unitText !== undefined && /^(%|percent|per cent)$/i.test(unitText);
  return {
    kind: 'number',
    text: text.trim(),
    value,
    tolerance: 0.5 * 10 ** -fraction.length * scale,
    sign,
    unit: percent ? 'percent' : text.includes('$') || currencyText ? 'money' : 'plain',
  };
}

/** A number in English words at `index`, with the unit after it and a dollar sign before. */
function readWords(text: string, index: number): { figure: StatedFigure; end: number } | null {
  const words = readNumberWords(text, index);
  if (!words) return null;
  if (words.kind === 'unreadable') {
    return { figure: { kind: 'unreadable', text: text.slice(index, words.end) }, end: words.end };
  }
  patterns.wordUnit.lastIndex = words.end;
  const unitText = patterns.wordUnit.exec(text)?.[1]?.toLowerCase();
  if (words.lone && unitText === undefined) return null;
  const end = unitText === undefined ? words.end : patterns.wordUnit.lastIndex;
  const dollar = /\$\s?$/.test(text.slice(Math.max(0, index - 2), index));
  const cents = unitText?.startsWith('cent') ? 0.01 : 1;
  const unit: NumberKind =
    unitText && /^(%|percent|per cent|percentage)/.test(unitText)
      ? 'percent'
      : dollar || (unitText && /^(dollar|usd|cent)/.test(unitText))
        ? 'money'
        : 'plain';
  return {
    figure: {
      kind: 'number',
      text: text.slice(index, end),
      value: words.value * cents,
      tolerance: words.tolerance * cents,
      sign: words.sign,
      unit,
    },
    end,
  };
}

const isoOf = (year: string, month: string, day: string) =>
  `${year}-${pad(monthNumber(month))}-${pad(Number(day))}`;

type Reading = { figure: StatedFigure; end: number } | null;

/** A reader of the figure `pattern` matches at the index, as `read` makes of the match. */
const byPattern =
  (pattern: RegExp, read: (match: RegExpExecArray) => StatedFigure | null) =>
  (text: string, index: number): Reading => {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    const figure = match ? read(match) : null;
    return figure ? { figure, end: pattern.lastIndex } : null;
  };

/** A number in digits, or a claim that cannot be read when a word in another script follows. */
function readDigits(text: string, index: number): Reading {
  const reading = byPattern(patterns.number, (m) => (/\d/.test(m[0]) ? readNumber(m) : null))(
    text,
    index,
  );
  if (!reading) return null;
  patterns.foreignWord.lastIndex = reading.end;
  if (!patterns.foreignWord.exec(text)) return reading;
  const end = patterns.foreignWord.lastIndex;
  return { figure: { kind: 'unreadable', text: text.slice(index, end).trim() }, end };
}

/** The ways a figure is read, tried in this order; `wordStart` ones only at a word's start. */
const readers: Array<{ wordStart: boolean; read: (text: string, index: number) => Reading }> = [
  {
    wordStart: false,
    read: byPattern(patterns.isoDate, (m) => ({
      kind: 'date',
      text: m[0],
      date: `${m[1]}-${m[2]}-${m[3]}`,
    })),
  },
  {
    wordStart: true,
    read: byPattern(patterns.monthDayYear, (m) => ({
      kind: 'date',
      text: m[0],
      date: isoOf(m[3] ?? '', m[1] ?? '', m[2] ?? ''),
    })),
  },
  {
    wordStart: false,
    read: byPattern(patterns.dayMonthYear, (m) => ({
      kind: 'date',
      text: m[0],
      date: isoOf(m[3] ?? '', m[2] ?? '', m[1] ?? ''),
    })),
  },
  {
    wordStart: true,
    read: byPattern(patterns.monthYear, (m) => ({
      kind: 'month',
      text: m[0],
      year: Number(m[2]),
      month: monthNumber(m[1] ?? ''),
    })),
  },
  {
    wordStart: true,
    read: byPattern(patterns.monthDay, (m) => ({
      kind: 'dayOfMonth',
      text: m[0],
      month: monthNumber(m[1] ?? ''),
      day: Number(m[2]),
    })),
  },
  {
    wordStart: true,
    read: byPattern(patterns.roman, (m) =>
      m[1] !== undefined || m[2] !== undefined ? { kind: 'unreadable', text: m[0] } : null,
    ),
  },
  { wordStart: false, read: readDigits },
  {
    wordStart: false,
    read: byPattern(patterns.otherNumerals, (m) => ({ kind: 'unreadable', text: m[0] })),
  },
  { wordStart: true, read: readWords },
];

/** Every figure stated in `text` (read as `textAsSeen` reads it), in order. */
export function statedFigures(source: string): StatedFigure[] {
  const text = textAsSeen(source);
  const figures: StatedFigure[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (!/[\d$.\-−–+A-Za-z]|\p{N}|[〇零一二三四五六七八九十百千万萬亿億兆两]/u.test(char)) {
      index += 1;
      continue;
    }
    // Inside a word only digits are read: the "2" of "Q2", not the "one" of "stone".
    const startsWord = !/[A-Za-z]/.test(text[index - 1] ?? ' ');
    let consumed = 0;
    for (const reader of readers) {
      if (reader.wordStart && !startsWord) continue;
      const reading = reader.read(text, index);
      if (reading) {
        figures.push(reading.figure);
        consumed = reading.end - index;
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
    case 'unreadable':
      return false;
  }
}

/** The figures of `text` that match no fact (empty when the text is grounded). */
export function unmatchedFigures(text: string, allowed: AllowedFacts): string[] {
  return statedFigures(text)
    .filter((figure) => !matches(figure, allowed))
    .map((figure) => figure.text);
}

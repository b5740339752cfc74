/**
 * Reads a number written in English words, at any size: "twenty-three", "one hundred and
 * five", "a thousand", "nine thousand eight hundred and seventy-six", "two and a half
 * million", "half a billion", "five point two", "minus three", "two dozen", compound
 * ordinals ("twenty-third", "one hundredth"). Words may be joined by spaces or hyphens, or
 * run together ("fivehundred"). Not read as a figure: "one" and "a" alone (a pronoun and an
 * article), ordinal words alone ("first", "third", "hundredth"), which order things.
 */

const unitWords: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const teenWords: Record<string, number> = {
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
const scaleWords: Record<string, number> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  quadrillion: 1e15,
};
const ordinalWords: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  seventieth: 70,
  eightieth: 80,
  ninetieth: 90,
  hundredth: 100,
  thousandth: 1e3,
  millionth: 1e6,
  billionth: 1e9,
  trillionth: 1e12,
};

/** Words that may be run together into one ("fivehundred"), longest first. */
const joinable = [
  ...Object.keys(unitWords),
  ...Object.keys(teenWords),
  ...Object.keys(tensWords),
  ...Object.keys(scaleWords),
  ...Object.keys(ordinalWords),
  'hundred',
  'dozen',
  'and',
  'point',
].sort((a, b) => b.length - a.length);

const isNumberWord = (word: string) =>
  word in unitWords ||
  word in teenWords ||
  word in tensWords ||
  word in scaleWords ||
  word in ordinalWords ||
  ['hundred', 'dozen', 'and', 'point', 'a', 'an', 'half', 'minus', 'negative'].includes(word);

/** `run` as number words run together, or null when it is not made of them. */
function splitJoined(run: string): string[] | null {
  if (run === '') return [];
  for (const word of joinable) {
    if (!run.startsWith(word)) continue;
    const rest = splitJoined(run.slice(word.length));
    if (rest) return [word, ...rest];
  }
  return null;
}

interface Token {
  word: string;
  /** Index just after the run of letters the word is (the end of it) in. */
  end: number;
  /** Whether the word ends its run of letters ("hundred" of "fivehundred", not "five"). */
  endsRun: boolean;
}

/** The words from `index` on (lower case), split where number words were run together. */
function tokensFrom(text: string, index: number): Token[] {
  const tokens: Token[] = [];
  const pattern = /([\s\-‐‑–]*)([A-Za-z]+)/y;
  pattern.lastIndex = index;
  for (let match = pattern.exec(text); match && tokens.length < 60; match = pattern.exec(text)) {
    if (tokens.length === 0 && match[1] !== '') break;
    const run = (match[2] as string).toLowerCase();
    const words = isNumberWord(run) ? [run] : splitJoined(run);
    if (!words) break;
    for (const [position, word] of words.entries())
      tokens.push({ word, end: pattern.lastIndex, endsRun: position === words.length - 1 });
  }
  return tokens;
}

export type NumberWords =
  | {
      kind: 'number';
      value: number;
      /** How far a fact may be from the value for the words to state it (their rounding). */
      tolerance: number;
      sign: -1 | 0;
      /** Just "one": a pronoun unless a unit follows ("one percent"). */
      lone: boolean;
      /** Index just after the last word read. */
      end: number;
    }
  /** Number words the reader cannot make one number of ("onefive"). */
  | { kind: 'unreadable'; end: number };

type Last =
  | 'start'
  | 'a'
  | 'unit'
  | 'teen'
  | 'tens'
  | 'hundred'
  | 'dozen'
  | 'scale'
  | 'half'
  | 'point'
  | 'ordinal';

const counts = ['unit', 'teen', 'tens'];

/**
 * The number written in words at `index` (the start of a word) of `text`, or null when none
 * starts there. Reads as many words as make one number; a word that cannot continue it ends
 * it ("five ten" is five, then ten).
 */
export function readNumberWords(text: string, index: number): NumberWords | null {
  const tokens = tokensFrom(text, index);
  let position = 0;
  let sign: -1 | 0 = 0;
  if (tokens[0]?.word === 'minus' || tokens[0]?.word === 'negative') {
    sign = -1;
    position = 1;
  }
  const first = position;
  let total = 0;
  let group = 0;
  let lastScale = Number.POSITIVE_INFINITY;
  let last = 'start' as Last;
  let decimals = 0;
  let halves = false;
  let endScale = 1;
  /** Tokens read into the number so far (the next one is `tokens[read]`). */
  let read = position;
  let value: number | null = null;
  const peek = (offset: number) => tokens[position + offset]?.word ?? '';
  const take = (count: number, next: Last) => {
    position += count;
    read = position;
    last = next;
    value = total + group;
  };

  while (position < tokens.length) {
    const word = peek(0);
    if (word in unitWords || word in teenWords || word in tensWords) {
      const kind: Last = word in unitWords ? 'unit' : word in teenWords ? 'teen' : 'tens';
      if (last === 'point') {
        if (kind !== 'unit') break;
        decimals += 1;
        group += (unitWords[word] as number) * 10 ** -decimals;
        take(1, 'point');
        continue;
      }
      const fits =
        ['start', 'hundred', 'scale'].includes(last) || (kind === 'unit' && last === 'tens');
      if (!fits) break;
      group += unitWords[word] ?? teenWords[word] ?? (tensWords[word] as number);
      endScale = 1;
      take(1, kind);
    } else if (word === 'hundred' || word === 'dozen') {
      if (last !== 'a' && !counts.includes(last)) break;
      group = (last === 'a' ? 1 : group) * (word === 'hundred' ? 100 : 12);
      endScale = 1;
      take(1, word);
    } else if (word in scaleWords) {
      const scale = scaleWords[word] as number;
      const fits = ['a', 'hundred', 'dozen', 'half', 'point', ...counts].includes(last);
      if (!fits || scale >= lastScale) break;
      total += (last === 'a' ? 1 : group) * scale;
      group = 0;
      lastScale = scale;
      endScale = scale;
      take(1, 'scale');
    } else if ((word === 'a' || word === 'an') && last === 'start') {
      if (!['hundred', 'dozen'].includes(peek(1)) && !(peek(1) in scaleWords)) break;
      position += 1;
      last = 'a';
    } else if (word === 'and' && peek(1) === 'a' && peek(2) === 'half' && counts.includes(last)) {
      // "two and a half (million)"
      group += 0.5;
      halves = true;
      take(3, 'half');
    } else if (word === 'and') {
      // "one hundred and five"
      const next = peek(1);
      const continues = next in unitWords || next in teenWords || next in tensWords;
      if (!(last === 'hundred' || last === 'scale') || !continues) break;
      position += 1;
    } else if (word === 'half' && last === 'start' && peek(1) === 'a' && peek(2) in scaleWords) {
      // "half a million"
      group = 0.5;
      halves = true;
      position += 2;
      last = 'half';
    } else if (word === 'point' && counts.includes(last)) {
      position += 1;
      last = 'point';
    } else if (word in ordinalWords && last !== 'start') {
      // A compound ordinal ("twenty-third", "one hundredth") states a number; one alone orders.
      const ordinal = ordinalWords[word] as number;
      if (ordinal >= 100 && (last === 'a' || counts.includes(last))) {
        if (ordinal === 100) group = (last === 'a' ? 1 : group) * 100;
        else {
          total += (last === 'a' ? 1 : group) * ordinal;
          group = 0;
        }
      } else if (ordinal < 10 && last === 'tens') group += ordinal;
      else if (ordinal < 100 && (last === 'hundred' || last === 'scale')) group += ordinal;
      else break;
      endScale = 1;
      take(1, 'ordinal');
      break;
    } else {
      break;
    }
  }
  if (value === null) return null;
  const lastToken = tokens[read - 1] as Token;
  // Number words run together that do not make one number are a claim that cannot be read.
  if (!lastToken.endsRun) return { kind: 'unreadable', end: lastToken.end };
  return {
    kind: 'number',
    value,
    tolerance: 0.5 * endScale * (halves ? 0.1 : 1) * 10 ** -decimals,
    sign,
    lone: read - first === 1 && tokens[first]?.word === 'one',
    end: lastToken.end,
  };
}

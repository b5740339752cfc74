import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GroundedTextStream, UngroundedFigureError } from './grounded-stream.ts';
import { allowedFactsOf, unmatchedFigures } from './number-check.ts';
import { readNumberWords } from './number-words.ts';

const factsObject = {
  lastClose: 189.84,
  marketCapUsd: 2_946_000_000_000,
  'returns over 1 year': { percent: -12.34, since: '2024-06-28' },
  'range 52 weeks': { low: 164.08, high: 237.49 },
  beta: 1.12,
  peRatio: 28.4,
  volume: 48_213_900,
  dataDate: '2025-06-27',
  rule: 'Buy when RSI is below 30 and rising, sell when above 70 and falling.',
  checks: { passed: 8, total: 15 },
};
const facts = allowedFactsOf(factsObject);
const factNumbers = [
  ...facts.values.map((fact) => Math.abs(fact.value)),
  ...facts.labels.map((label) => Math.abs(label.value)),
];

// ---- Writing a number in English words, independently of the reader under test ----

const ones =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const tens = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
const scaleNames: Array<[number, string]> = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

interface WordStyle {
  hyphen: string;
  and: boolean;
  joiner: string;
}

function belowThousand(n: number, style: WordStyle): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(ones[hundreds] as string, 'hundred');
  if (rest > 0) {
    if (hundreds > 0 && style.and) words.push('and');
    if (rest < 20) words.push(ones[rest] as string);
    else {
      const unit = rest % 10;
      const ten = tens[Math.floor(rest / 10) - 2] as string;
      words.push(unit === 0 ? ten : `${ten}${style.hyphen}${ones[unit]}`);
    }
  }
  return words;
}

function inWords(n: number, style: WordStyle): string {
  if (n === 0) return 'zero';
  const words: string[] = [];
  let rest = n;
  for (const [scale, name] of scaleNames) {
    const count = Math.floor(rest / scale);
    if (count > 0) words.push(...belowThousand(count, style), name);
    rest %= scale;
  }
  if (rest > 0) {
    if (words.length > 0 && rest < 100 && style.and) words.push('and');
    words.push(...belowThousand(rest, style));
  }
  return words.join(style.joiner);
}

function inRoman(n: number): string {
  const symbols: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = n;
  let text = '';
  for (const [value, symbol] of symbols) {
    while (rest >= value) {
      text += symbol;
      rest -= value;
    }
  }
  return text;
}

// ---- The disguises ----

type Unit = 'money' | 'percent' | 'plain';
interface Figure {
  value: number;
  unit: Unit;
}

const asciiFigure = ({ value, unit }: Figure) =>
  unit === 'money' ? `$${value}` : unit === 'percent' ? `${value}%` : String(value);

/** The first digit (0) of each decimal script used. */
const digitScripts = {
  fullWidth: 0xff10,
  arabicIndic: 0x0660,
  extendedArabicIndic: 0x06f0,
  devanagari: 0x0966,
  bengali: 0x09e6,
  thai: 0x0e50,
  mathematicalBold: 0x1d7ce,
  mathematicalMonospace: 0x1d7f6,
};
const inScript = (text: string, zero: number) =>
  text.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));

const invisible = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const lookAlike: Record<string, string> = { a: 'а', e: 'е', o: 'о', i: 'і', c: 'с', y: 'у' };
const cjkDigits = '〇一二三四五六七八九';
const superscripts = '⁰¹²³⁴⁵⁶⁷⁸⁹';

const wordUnit = (unit: Unit, pick: number) =>
  unit === 'money'
    ? [' dollars', ' USD', ' dollars'][pick % 3]
    : unit === 'percent'
      ? [' percent', ' per cent', '%'][pick % 3]
      : '';

const wordStyle = fc.record({
  hyphen: fc.constantFrom('-', ' '),
  and: fc.boolean(),
  joiner: fc.constant(' '),
});

/** Each disguise: a figure in that form (with whatever choices it makes at random). */
const disguises: Record<string, (figure: Figure) => fc.Arbitrary<string>> = {
  ...Object.fromEntries(
    Object.entries(digitScripts).map(([name, zero]) => [
      name,
      (figure: Figure) => {
        let text = inScript(asciiFigure(figure), zero);
        if (name === 'fullWidth') text = text.replace('$', '＄').replace('%', '％');
        if (name === 'arabicIndic') text = text.replace('%', '٪');
        return fc.constant(text);
      },
    ]),
  ),
  mixedScripts: (figure) =>
    fc
      .array(fc.constantFrom(...Object.values(digitScripts), 0x30), {
        minLength: 12,
        maxLength: 12,
      })
      .map((zeros) => {
        let position = 0;
        return asciiFigure(figure).replace(/\d/g, (digit) =>
          String.fromCodePoint((zeros[position++ % 12] as number) + Number(digit)),
        );
      }),
  invisibleCharacters: (figure) =>
    fc
      .array(fc.constantFrom(...invisible), { minLength: 12, maxLength: 12 })
      .map((marks) =>
        [...asciiFigure(figure)].map((char, index) => char + (marks[index % 12] ?? '')).join(''),
      ),
  superscriptDigits: (figure) =>
    fc.constant(asciiFigure(figure).replace(/\d/g, (digit) => superscripts[Number(digit)] ?? '')),
  englishWords: (figure) =>
    fc
      .tuple(wordStyle, fc.nat(), fc.boolean())
      .map(([style, pick, capital]) =>
        `${inWords(figure.value, style)}${wordUnit(figure.unit, pick)}`.replace(/^./, (first) =>
          capital ? first.toUpperCase() : first,
        ),
      ),
  wordsRunTogether: (figure) =>
    wordStyle.map(
      (style) =>
        `${inWords(figure.value, { ...style, hyphen: '', joiner: '' })}${wordUnit(figure.unit, 0)}`,
    ),
  wordsWithLookAlikeLetters: (figure) =>
    fc
      .tuple(wordStyle, fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }))
      .map(([style, swaps]) =>
        `${inWords(figure.value, style)}${wordUnit(figure.unit, 1)}`.replace(
          /[aeoicy]/g,
          (letter, index: number) => (swaps[index % 200] ? (lookAlike[letter] ?? letter) : letter),
        ),
      ),
  romanNumeralsWithUnit: (figure) =>
    fc
      .constantFrom(' percent', '%', ' dollars', ' million', ' times')
      .map((unit) => `${inRoman((figure.value % 3999) + 1)}${unit}`),
  cjkNumerals: (figure) =>
    fc.constant(String(figure.value).replace(/\d/g, (digit) => cjkDigits[Number(digit)] ?? '')),
  digitsWithForeignScaleWord: (figure) =>
    fc
      .constantFrom(' миллионов', ' млрд', ' مليون', '万', ' εκατομμύρια')
      .map((word) => `${String(figure.value)}${word}`),
};

const sentence = fc.constantFrom(
  (x: string) => `Analysts expect the shares to reach ${x} next year.`,
  (x: string) => `The shares closed at $189.84 and could gain ${x} from here.`,
  (x: string) => `${x} is what the company could earn.`,
  (x: string) => `With a P/E of 28.4, revenue may grow by ${x}.`,
);

/** A figure that no fact explains, even at the loosest rounding a disguise may claim. */
const inventedFigure = fc
  .record({
    value: fc.oneof(
      fc.integer({ min: 11, max: 999_999 }),
      fc.integer({ min: 2, max: 999 }).map((n) => n * 1000),
    ),
    unit: fc.constantFrom<Unit>('money', 'percent', 'plain'),
  })
  .filter(({ value }) =>
    factNumbers.every((fact) => Math.abs(fact - value) > Math.max(1, value / 2)),
  );

const runsPerDisguise = 150;

describe('the number check sees through disguised figures', () => {
  it('reads a number written in English words at any size as its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 999_999_999_999_999 }), wordStyle, (n, style) => {
        const text = inWords(n, style);
        const read = readNumberWords(text, 0);
        expect(read).toMatchObject({ kind: 'number', value: n, end: text.length });
      }),
      { numRuns: 500 },
    );
  });

  it('reads the number words of everyday figures', () => {
    const values = [
      'twenty-three',
      'one hundred and five',
      'a thousand',
      'two and a half million',
      'half a billion',
      'five point two five',
      'two dozen',
      'twenty-third',
      'fivehundred',
    ].map((text) => {
      const read = readNumberWords(text, 0);
      return read?.kind === 'number' ? read.value : read;
    });
    expect(values).toEqual([23, 105, 1000, 2_500_000, 500_000_000, 5.25, 24, 23, 500]);
    expect(readNumberWords('one', 0)).toMatchObject({ lone: true });
    expect(readNumberWords('first', 0)).toBeNull();
    expect(readNumberWords('onefive', 0)).toEqual({ kind: 'unreadable', end: 7 });
  });

  it('refuses every answer with an invented figure, in every disguise', () => {
    let refused = 0;
    let generated = 0;
    for (const [name, disguise] of Object.entries(disguises)) {
      fc.assert(
        fc.property(
          inventedFigure.chain((figure) => fc.tuple(disguise(figure), sentence)),
          ([written, write]) => {
            generated += 1;
            const answer = write(written);
            const unmatched = unmatchedFigures(answer, facts);
            const stream = new GroundedTextStream(facts);
            const streamed = () => {
              for (const piece of answer.match(/[\s\S]{1,7}/gu) ?? []) stream.push(piece);
              stream.end();
            };
            expect(unmatched, `${name}: ${answer}`).not.toEqual([]);
            expect(streamed, `${name}: ${answer}`).toThrow(UngroundedFigureError);
            refused += 1;
          },
        ),
        { numRuns: runsPerDisguise },
      );
    }
    expect(Object.keys(disguises)).toHaveLength(17);
    expect(refused).toBe(generated);
    expect(generated).toBe(17 * runsPerDisguise);
  });

  it('accepts every answer whose figures are facts written plainly', () => {
    const factFigures = [
      '$189.84',
      '189.84',
      '$190',
      '12.3%',
      '-12.34%',
      'a beta of 1.12',
      '28.4x',
      '$2.95 trillion',
      '$2,946 billion',
      '48,213,900 shares',
      '8 of 15 checks',
      'eight of the fifteen checks',
      'June 27, 2025',
      '2025-06-27',
      'the 52-week high of $237.49',
      'an RSI above 70',
      'one of the checks',
    ];
    fc.assert(
      fc.property(fc.subarray(factFigures, { minLength: 1 }), sentence, (figures, write) => {
        const answer = figures.map((figure) => write(figure)).join(' ');
        expect(unmatchedFigures(answer, facts), answer).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

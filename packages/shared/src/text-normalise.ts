/**
 * One way to read text as a person sees it, for the checks that must not be fooled by how a
 * character is encoded: the number check of model answers, the advice screen of questions and
 * answers, and the formula guard of CSV exports.
 *
 * - `textAsSeen`: Unicode NFKC (full-width `＝＋９`, ligatures, circled and superscript
 *   digits, `Ⅻ` become their plain forms), format characters (\p{Cf}: zero-width spaces and
 *   joiners, direction marks, soft hyphens) removed, the digits of every decimal script
 *   (\p{Nd}: Arabic-Indic `٩`, Devanagari `९`, …) written as ASCII digits (and the Arabic
 *   `٫٬٪` as `.,%`), and the letters of `latinLookAlikes` as the Latin letter they look like.
 * - `textSkeleton`: the normalised text in lower case, typographic apostrophes as `'`, every
 *   run of white space one space, for matching phrases (after Unicode TR39's skeleton, on a
 *   curated map).
 *
 * `latinLookAlikes` is deliberately small: the Cyrillic, Greek, Armenian and Latin-extended
 * letters that are drawn like an ASCII letter in common fonts (TR39's confusables for a-z and
 * A-Z among those scripts). It does not fold digits into letters or letters into digits, nor
 * symbols, nor scripts beyond those four.
 */

const latinLookAlikes: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  ԝ: 'w',
  х: 'x',
  ү: 'y',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  Ү: 'Y',
  Ԝ: 'W',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  // Armenian
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ց: 'g',
  // Latin extended
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʏ: 'y',
};

const lookAlikePattern = new RegExp(`[${Object.keys(latinLookAlikes).join('')}]`, 'gu');

const isDecimalDigit = (codePoint: number) => /\p{Nd}/u.test(String.fromCodePoint(codePoint));

/**
 * The value of a decimal digit of any script. Unicode encodes every script's digits as a run
 * of ten code points from 0 to 9 (runs may follow one another, as the mathematical digits
 * do), so the value is the distance from the start of the run, modulo 10.
 */
function digitValue(codePoint: number): number {
  let start = codePoint;
  while (isDecimalDigit(start - 1)) start -= 1;
  return (codePoint - start) % 10;
}

/** The Arabic decimal and thousands separators and percent sign, which NFKC leaves. */
const arabicNumberSigns: Readonly<Record<string, string>> = { '٫': '.', '٬': ',', '٪': '%' };

/** Every decimal digit (\p{Nd}) written as its ASCII digit, Arabic number signs as ASCII. */
export function foldDigits(text: string): string {
  return text
    .replace(/(?![0-9])\p{Nd}/gu, (digit) => String(digitValue(digit.codePointAt(0) as number)))
    .replace(/[٫٬٪]/g, (sign) => arabicNumberSigns[sign] as string);
}

/** NFKC, format characters removed, every script's digits as ASCII, look-alikes as Latin. */
export function textAsSeen(text: string): string {
  return foldDigits(text.normalize('NFKC').replace(/\p{Cf}/gu, '')).replace(
    lookAlikePattern,
    (letter) => latinLookAlikes[letter] as string,
  );
}

/**
 * The normalised text in lower case, typographic apostrophes as `'`, white space collapsed:
 * for matching phrases.
 */
export function textSkeleton(text: string): string {
  return textAsSeen(text)
    .toLowerCase()
    .replace(/[’‘ʼ`´]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim();
}

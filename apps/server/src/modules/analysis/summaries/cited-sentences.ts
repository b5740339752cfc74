import type { SummarySentence } from '@tickerwise/shared';
import { textAsSeen } from '@tickerwise/shared';
import { givesAdvice } from '../advice-answer.ts';
import { allowedFactsOf, unmatchedFigures } from '../number-check.ts';

/** A summary said something its sources do not: it is refused, never shown. */
export class NotInSourcesError extends Error {
  override name = 'NotInSourcesError';
  constructor(
    /** `uncited`, `bad_citation`, `figure`, `name` or `advice`. */
    readonly reason: string,
    readonly sentence: string,
    readonly details: string[] = [],
  ) {
    super(
      `${reason} in "${sentence.slice(0, 200)}"${details.length ? `: ${details.join(', ')}` : ''}`,
    );
  }
}

/**
 * Words a sentence may begin with, or use capitalised, without a source naming them: they
 * name nothing (the check is for names: a company, a person, an agency, a product).
 */
const commonWords = new Set(
  `a an the this these that those its it in on at of for to by with from after before as while
  and but or also meanwhile separately however both several some many one two three other another
  shares share stock stocks the company company's news reports report headlines headline
  analysts investors traders today yesterday earlier later monday tuesday wednesday thursday
  friday saturday sunday january february march april may june july august september october
  november december item part management risk risks factors results operations quarter year
  fiscal revenue revenues net sales income the filing filings form according overall there
  not no none he she they we our their his her`
    .split(/\s+/)
    .filter(Boolean),
);

/** A citation: "[2]" or "[1, 3]" (also "[1][3]"). */
const citation = /\[\s*(\d{1,2}(?:\s*,\s*\d{1,2})*)\s*\]/g;

/**
 * The sentences of a model's summary, each with the sources it cites, once every sentence
 * passed the checks: it cites at least one of the `sources` (numbered from 1), every figure it
 * states is in the sources it cites (as the analysis's number check reads figures), every
 * name it uses (a capitalised word that is not a common one) is in those sources or is the
 * company's own, and it gives no investment advice. Throws NotInSourcesError otherwise.
 */
export function citedSentences(
  text: string,
  sources: readonly string[],
  ownNames: readonly string[],
): SummarySentence[] {
  const own = new Set(ownNames.flatMap((name) => words(name.toLowerCase())));
  const sentences: SummarySentence[] = [];
  // Text before the next citation ("Apple Inc." split at its full stop) joins the sentence
  // that cites: it is checked against what that sentence cites.
  let carried = '';
  for (const raw of splitSentences(text)) {
    const cites = new Set<number>();
    for (const match of raw.matchAll(citation)) {
      for (const number of (match[1] ?? '').split(',')) cites.add(Number(number.trim()));
    }
    const plain = raw
      .replace(citation, '')
      .replace(/\s+([.!?,;:])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    const sorted = [...cites].sort((a, b) => a - b);
    const hasWords = /[\p{L}\p{N}]/u.test(plain);
    if (cites.size === 0) {
      if (hasWords) carried = `${carried} ${plain}`.trim();
    } else if (hasWords || carried) {
      sentences.push({ text: `${carried} ${hasWords ? plain : ''}`.trim(), cites: sorted });
      carried = '';
    } else {
      // Citations alone after a full stop belong to the sentence before them.
      const previous = sentences.at(-1);
      if (previous)
        previous.cites = [...new Set([...previous.cites, ...sorted])].sort((a, b) => a - b);
    }
  }
  if (carried) throw new NotInSourcesError('uncited', carried);
  if (sentences.length === 0) throw new NotInSourcesError('uncited', text);
  for (const sentence of sentences) check(sentence, sources, own);
  return sentences;
}

function check(sentence: SummarySentence, sources: readonly string[], own: Set<string>): void {
  const { text, cites } = sentence;
  if (cites.length === 0) throw new NotInSourcesError('uncited', text);
  const bad = cites.filter((cite) => cite < 1 || cite > sources.length);
  if (bad.length > 0) throw new NotInSourcesError('bad_citation', text, bad.map(String));
  if (givesAdvice(text)) throw new NotInSourcesError('advice', text);
  const cited = cites.map((cite) => sources[cite - 1] ?? '');
  const unmatched = unmatchedFigures(text, allowedFactsOf(cited));
  if (unmatched.length > 0) throw new NotInSourcesError('figure', text, unmatched);
  const sourceWords = new Set(cited.flatMap((source) => words(textAsSeen(source).toLowerCase())));
  const unnamed = names(text).filter(
    (name) => !own.has(name) && !sourceWords.has(name) && !sourceWords.has(name.replace(/s$/, '')),
  );
  if (unnamed.length > 0) throw new NotInSourcesError('name', text, unnamed);
}

function words(text: string): string[] {
  return (
    text.match(/[\p{L}\p{N}][\p{L}\p{N}&'’-]*/gu)?.map((word) => word.replace(/['’]s$/, '')) ?? []
  );
}

/** The capitalised words of a sentence that are not common words, lower-cased. */
function names(text: string): string[] {
  return words(textAsSeen(text))
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word.toLowerCase())
    .filter((word) => !commonWords.has(word));
}

/** Sentences end at . ! or ? before a space (or the end), or at a line break. */
function splitSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?]["”’)]?)\s+(?=[^\s])/)
    .map((part) => part.trim())
    .filter(Boolean);
}

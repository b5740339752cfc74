import type { HelpTopic } from './help-content.ts';

/** Lower case words without accents or punctuation: "Can't" and "cant" are one word. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface HelpIndex {
  /** Each entry's id with the words of its topic, question and answer. */
  entries: ReadonlyArray<{ id: string; words: readonly string[] }>;
}

/** The search index, built once from the answers when the page's module loads. */
export function buildHelpIndex(topics: readonly HelpTopic[]): HelpIndex {
  return {
    entries: topics.flatMap((topic) =>
      topic.entries.map((entry) => ({
        id: entry.id,
        words: [...new Set(wordsOf(`${topic.title} ${entry.question} ${entry.answer.join(' ')}`))],
      })),
    ),
  };
}

/**
 * The ids of the answers that hold every word of the query, each as the start of one of their
 * words ("cred" finds "credits"); null for an empty query (everything shows).
 */
export function searchHelp(index: HelpIndex, query: string): Set<string> | null {
  const terms = wordsOf(query);
  if (terms.length === 0) return null;
  return new Set(
    index.entries
      .filter((entry) => terms.every((term) => entry.words.some((word) => word.startsWith(term))))
      .map((entry) => entry.id),
  );
}

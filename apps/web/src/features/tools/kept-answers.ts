import { riskScore } from '@tickerwise/shared';

/**
 * Where the risk assessment keeps its answers in this browser (docs/PRODUCT.md §3.29): they
 * are sent to the server only when a signed-in user chooses to save them, and forgotten here
 * once saved or discarded.
 */
const answersKey = 'tickerwise.risk-answers';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keepAnswers(answers: readonly number[]): void {
  storage()?.setItem(answersKey, JSON.stringify(answers));
}

/** The kept answers, when they are a complete set (anything else is dropped). */
export function keptAnswers(): number[] | null {
  const text = storage()?.getItem(answersKey);
  if (!text) return null;
  try {
    const answers: unknown = JSON.parse(text);
    if (Array.isArray(answers) && riskScore(answers) !== null) return answers as number[];
  } catch {
    // Not ours, or damaged: forgotten below.
  }
  forgetAnswers();
  return null;
}

export function forgetAnswers(): void {
  storage()?.removeItem(answersKey);
}

import { AdviceInAnswerError, givesAdvice } from './advice-answer.ts';
import { type AllowedFacts, unmatchedFigures } from './number-check.ts';

/** A model's text stated a figure that is not among the facts. */
export class UngroundedFigureError extends Error {
  override name = 'UngroundedFigureError';
  constructor(readonly figures: string[]) {
    super(`figures not in the facts: ${figures.join(', ')}`);
  }
}

/**
 * Lets a model's streamed text through one sentence at a time, each only once every number in
 * it matched a fact and it gave no investment advice (read with the text before it): the
 * reader sees the text as it is written and never a figure that was not checked. A sentence
 * ends at . ! or ? followed by a space, or at a line break; numbers never straddle one, so
 * checking sentence by sentence checks every number.
 */
export class GroundedTextStream {
  private pending = '';
  private previous = '';

  constructor(private readonly allowed: AllowedFacts) {}

  /** Adds the next piece of text; returns the checked text ready to show (maybe empty). */
  push(delta: string): string {
    this.pending += delta;
    const boundary = lastSentenceEnd(this.pending);
    if (boundary === 0) return '';
    const ready = this.pending.slice(0, boundary);
    this.check(ready);
    this.pending = this.pending.slice(boundary);
    return ready;
  }

  /** Characters received and not yet passed on (a sentence still being written). */
  get pendingLength(): number {
    return this.pending.length;
  }

  /** The text is complete: checks and returns whatever was left. */
  end(): string {
    const rest = this.pending;
    this.pending = '';
    this.check(rest);
    return rest;
  }

  private check(text: string) {
    if (givesAdvice(`${this.previous} ${text}`)) throw new AdviceInAnswerError();
    this.previous = text;
    const unmatched = unmatchedFigures(text, this.allowed);
    if (unmatched.length > 0) throw new UngroundedFigureError(unmatched);
  }
}

/** Index just after the last sentence end in `text` (0 when there is none yet). */
export function lastSentenceEnd(text: string): number {
  for (let index = text.length - 1; index >= 0; index -= 1) {
    const char = text[index];
    if (char === '\n') return index + 1;
    if (/\s/.test(char ?? '') && /[.!?]/.test(text[index - 1] ?? '')) return index + 1;
  }
  return 0;
}

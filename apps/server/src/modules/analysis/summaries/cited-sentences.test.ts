import { describe, expect, it } from 'vitest';
import { citedSentences, NotInSourcesError } from './cited-sentences.ts';

const sources = [
  'Apple wins EU approval for its payments service. The European Commission ended a 2-year review.',
  'Apple unveils a cheaper iPhone priced at $599 at its spring event.',
];
const own = ['Apple Inc.', 'AAPL'];

function refusal(text: string): string | undefined {
  try {
    citedSentences(text, sources, own);
    return undefined;
  } catch (error) {
    if (error instanceof NotInSourcesError) return error.reason;
    throw error;
  }
}

describe('a summary’s sentences checked against what they cite', () => {
  it('keeps sentences whose names and figures are in the sources they cite', () => {
    expect(
      citedSentences(
        'The European Commission approved Apple’s payments service [1]. Apple Inc. showed an iPhone priced at $599 [2]. [1]',
        sources,
        own,
      ),
    ).toEqual([
      { text: 'The European Commission approved Apple’s payments service.', cites: [1] },
      { text: 'Apple Inc. showed an iPhone priced at $599.', cites: [1, 2] },
    ]);
  });

  it('reads “[1, 2]” as two citations', () => {
    expect(citedSentences('Apple had two announcements [1, 2].', sources, own)).toEqual([
      { text: 'Apple had two announcements.', cites: [1, 2] },
    ]);
  });

  it('refuses a sentence that cites nothing, or a source that is not there', () => {
    expect(refusal('Apple had a good day.')).toBe('uncited');
    expect(refusal('Apple showed an iPhone [2]. Investors were pleased.')).toBe('uncited');
    expect(refusal('Apple showed an iPhone [3].')).toBe('bad_citation');
  });

  it('refuses a figure or a name that the cited source does not state', () => {
    expect(refusal('Apple showed an iPhone priced at $499 [2].')).toBe('figure');
    // $599 is in a source, but not in the one cited.
    expect(refusal('Apple’s payments service costs $599 [1].')).toBe('figure');
    expect(refusal('Apple showed an iPhone after Samsung cut prices [2].')).toBe('name');
  });

  it('refuses advice', () => {
    expect(refusal('You should buy Apple shares now [2].')).toBe('advice');
  });
});

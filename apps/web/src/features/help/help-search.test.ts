import { describe, expect, it } from 'vitest';
import { helpTopics } from './help-content.ts';
import { buildHelpIndex, searchHelp, wordsOf } from './help-search.ts';

const index = buildHelpIndex(helpTopics);

describe('the help centre’s search', () => {
  it('reads words without case, accents or apostrophes', () => {
    expect(wordsOf('Can’t SEE the Résumé, 2FA!')).toEqual(['cant', 'see', 'the', 'resume', '2fa']);
  });

  it('finds the answers holding every word of the query, by the start of a word', () => {
    expect(searchHelp(index, 'cancel')).toEqual(new Set(['cancel-plan']));
    expect(searchHelp(index, 'RECOVERY codes')).toEqual(new Set(['two-factor']));
    const credits = searchHelp(index, 'cred');
    expect(credits?.has('ai-credits')).toBe(true);
    expect(searchHelp(index, 'rate limit')?.has('api-limits')).toBe(true);
  });

  it('finds nothing for words no answer has, and shows everything for an empty query', () => {
    expect(searchHelp(index, 'cancel zebra')).toEqual(new Set());
    expect(searchHelp(index, '  ')).toBeNull();
  });

  it('gives every answer an anchor of its own', () => {
    const ids = helpTopics.flatMap((topic) => [
      topic.id,
      ...topic.entries.map((entry) => entry.id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });
});

import { describe, expect, it } from 'vitest';
import { glossaryTerms } from './content/glossary.ts';
import { filterGlossary } from './filter-glossary.ts';

const terms = [
  { term: 'volatility', definition: 'How sharply a price moves.' },
  { term: 'Bull Market', definition: 'Prices rise broadly.' },
  { term: 'Dividend', definition: 'A share of profits paid to shareholders.' },
];

describe('filterGlossary', () => {
  it('lists every term alphabetically, ignoring case, when the search is empty', () => {
    expect(filterGlossary(terms, '').map((t) => t.term)).toEqual([
      'Bull Market',
      'Dividend',
      'volatility',
    ]);
    expect(filterGlossary(terms, '   ')).toHaveLength(3);
  });

  it('finds a term by its name whatever the case', () => {
    expect(filterGlossary(terms, 'BULL').map((t) => t.term)).toEqual(['Bull Market']);
  });

  it('finds a term by words of its definition', () => {
    expect(filterGlossary(terms, 'profits').map((t) => t.term)).toEqual(['Dividend']);
  });

  it('keeps alphabetical order among several matches', () => {
    expect(filterGlossary(terms, 'pri').map((t) => t.term)).toEqual(['Bull Market', 'volatility']);
  });

  it('returns nothing when no term or definition matches', () => {
    expect(filterGlossary(terms, 'cryptocurrency')).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const copy = [...terms];
    filterGlossary(terms, '');
    expect(terms).toEqual(copy);
  });

  it('shows the 31 terms of the glossary page sorted', () => {
    const shown = filterGlossary(glossaryTerms, '').map((t) => t.term);
    expect(shown).toHaveLength(31);
    expect(shown).toEqual(
      [...shown].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
  });
});

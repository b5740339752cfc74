import type { GlossaryTerm } from './content/glossary.ts';

function byTerm(a: GlossaryTerm, b: GlossaryTerm): number {
  return a.term.localeCompare(b.term, 'en', { sensitivity: 'base' });
}

/**
 * docs/PRODUCT.md §3.8, Market Glossary: the terms sorted alphabetically, keeping those whose term
 * or definition contains the query, ignoring case and surrounding spaces.
 */
export function filterGlossary(terms: readonly GlossaryTerm[], query: string): GlossaryTerm[] {
  const needle = query.trim().toLowerCase();
  const sorted = [...terms].sort(byTerm);
  if (!needle) return sorted;
  return sorted.filter(
    ({ term, definition }) =>
      term.toLowerCase().includes(needle) || definition.toLowerCase().includes(needle),
  );
}

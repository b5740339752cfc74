// What the public pages show of the courses without the schemas of learn.ts: no zod here, so
// a prerendered page that names a level or links a glossary term loads none of it (ADR 77).

/** The levels the catalogue groups courses by, in the order it shows them (docs/PRODUCT.md §3.24). */
export const learnLevels = [
  'start-here',
  'build-a-portfolio',
  'analyse-a-company',
  'read-the-market',
  'manage-risk',
] as const;
export type LearnLevel = (typeof learnLevels)[number];

export const learnLevelNames: Record<LearnLevel, string> = {
  'start-here': 'Start here',
  'build-a-portfolio': 'Build a portfolio',
  'analyse-a-company': 'Analyse a company',
  'read-the-market': 'Read the market',
  'manage-risk': 'Manage risk',
};

/** The glossary anchor of a term: "ETF (Exchange-Traded Fund)" -> `etf`, "P/E Ratio" -> `p-e-ratio`. */
export function glossarySlug(term: string): string {
  const name = term.split(' (')[0] ?? term;
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

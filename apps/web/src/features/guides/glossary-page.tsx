import { glossarySlug, paths } from '@tickerwise/shared';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { glossaryTerms } from './content/glossary.ts';
import { filterGlossary } from './filter-glossary.ts';

export function GlossaryPage() {
  useSitePage(paths.glossary);
  const [query, setQuery] = useState('');
  const searchId = useId();
  // Every term is on the prerendered page; the search answers once the app runs it.
  const hydrated = useHydrated();
  const shown = filterGlossary(glossaryTerms, query);

  return (
    <>
      <PageHeader
        eyebrow="Guides"
        title="Market Glossary"
        lead="The investing terms you will meet most often, explained in plain words."
      />
      <Container className="max-w-3xl py-16 sm:py-20">
        <label htmlFor={searchId} className="text-sm font-semibold text-ink-950">
          Search the glossary
        </label>
        <div className="relative mt-2">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id={searchId}
            type="search"
            disabled={!hydrated}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search by term or definition"
            className="w-full rounded-xl border border-slate-300 bg-white py-3 pr-4 pl-12 text-base text-ink-950 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50"
          />
        </div>
        <p aria-live="polite" className="mt-4 text-sm text-slate-600">
          {shown.length === 0
            ? 'No terms found matching your search.'
            : `Showing ${shown.length} of ${glossaryTerms.length} terms`}
        </p>
        {shown.length > 0 && (
          <dl className="mt-6 divide-y divide-slate-200 rounded-3xl border border-slate-200 bg-white">
            {shown.map((entry) => (
              <div
                key={entry.term}
                id={glossarySlug(entry.term)}
                className="scroll-mt-24 p-6 target:bg-brand-50"
              >
                <dt className="text-lg font-semibold text-ink-950">{entry.term}</dt>
                <dd className="mt-2 text-base leading-7 text-slate-600">{entry.definition}</dd>
              </div>
            ))}
          </dl>
        )}
      </Container>
    </>
  );
}

export { GlossaryPage as Component };

import { paths } from '@tickerwise/shared';
import { Link as LinkIcon, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { inputStyles } from '../../components/ui/field-styles.ts';
import { Link } from '../../lib/navigation.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { helpCheckedOn, helpTopics } from './help-content.ts';
import { buildHelpIndex, searchHelp } from './help-search.ts';

const index = buildHelpIndex(helpTopics);
const answerCount = helpTopics.reduce((sum, topic) => sum + topic.entries.length, 0);

/** `/help`: questions and answers by topic, each on its own anchor, searched in the browser. */
export function HelpPage() {
  useSitePage(paths.help);
  const [query, setQuery] = useState('');
  // A search sent from /support (`?q=`), read once the prerendered page is hydrated.
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('q');
    if (asked) setQuery(asked.slice(0, 200));
  }, []);
  const searchId = useId();
  // Every answer is on the prerendered page; the search answers once the app runs it.
  const hydrated = useHydrated();
  const found = searchHelp(index, query);
  const shown = found ? found.size : answerCount;

  return (
    <>
      <PageHeader
        eyebrow="Help centre"
        title="How can we help?"
        lead="Answers about your account, plans and billing, prices, the AI analysis, alerts, portfolios and the API."
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Help topics" className="lg:sticky lg:top-6 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Topics</h2>
          <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col">
            {helpTopics.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-block rounded-lg px-2 py-1 font-medium text-brand-800 hover:bg-brand-50"
                >
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <search>
            <form onSubmit={(event) => event.preventDefault()}>
              <label htmlFor={searchId} className="block text-sm font-medium text-ink-950">
                Search the answers
              </label>
              <div className="relative mt-1.5">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                />
                <input
                  id={searchId}
                  type="search"
                  disabled={!hydrated}
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder="e.g. cancel, credits, import"
                  className={`pl-9 ${inputStyles(false)}`}
                />
              </div>
              <p className="mt-2 min-h-5 text-sm text-slate-600" aria-live="polite">
                {found === null
                  ? `${answerCount} answers`
                  : shown === 0
                    ? 'No answers match your search. Try fewer or other words.'
                    : `${shown} of ${answerCount} answers match`}
              </p>
            </form>
          </search>
          <div className="mt-6 space-y-10">
            {helpTopics.map((topic) => {
              const entries = topic.entries.filter((entry) => !found || found.has(entry.id));
              return (
                <section
                  key={topic.id}
                  id={topic.id}
                  aria-labelledby={`${topic.id}-title`}
                  hidden={entries.length === 0}
                  className="scroll-mt-6"
                >
                  <h2 id={`${topic.id}-title`} className="text-2xl font-bold text-ink-950">
                    {topic.title}
                  </h2>
                  <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                    {topic.entries.map((entry) => (
                      <article
                        key={entry.id}
                        id={entry.id}
                        aria-labelledby={`${entry.id}-q`}
                        hidden={found !== null && !found.has(entry.id)}
                        className="scroll-mt-6 p-5"
                      >
                        <h3
                          id={`${entry.id}-q`}
                          className="flex items-start justify-between gap-3 text-lg font-semibold text-ink-950"
                        >
                          {entry.question}
                          <a
                            href={`#${entry.id}`}
                            className="mt-1 shrink-0 rounded text-slate-500 hover:text-brand-700"
                          >
                            <LinkIcon aria-hidden="true" className="size-4" />
                            <span className="sr-only">Link to “{entry.question}”</span>
                          </a>
                        </h3>
                        {entry.answer.map((paragraph) => (
                          <p key={paragraph} className="mt-2 text-slate-700">
                            {paragraph}
                          </p>
                        ))}
                      </article>
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
          <p className="mt-10 text-slate-700">
            Not answered here?{' '}
            <Link
              to={paths.support}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Contact support
            </Link>
            . Answers checked against the product on {helpCheckedOn}.
          </p>
        </div>
      </Container>
    </>
  );
}

export { HelpPage as Component };

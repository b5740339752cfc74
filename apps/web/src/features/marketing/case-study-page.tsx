import { paths } from '@tickerwise/shared';
import { ArrowRight } from 'lucide-react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { caseStudyCustomer, caseStudyResults, caseStudySections } from './content/case-study.ts';

export function CaseStudyPage() {
  useSitePage(paths.caseStudy);
  return (
    <>
      <PageHeader
        eyebrow="Customer story"
        title="Case Study: from headlines to a plan"
        lead="How Daniel, a part-time investor, used Tickerwise to build a research routine he trusts and a portfolio he can explain."
      />
      <Container className="grid gap-12 py-16 sm:py-20 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-14">
          {caseStudySections.map((section, index) => (
            <section key={section.id} aria-labelledby={`case-${section.id}`}>
              <p className="text-sm font-semibold text-brand-700">0{index + 1}</p>
              <h2
                id={`case-${section.id}`}
                className="mt-1 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl"
              >
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-lg leading-8 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
              {section.id === 'results' && (
                <ul className="mt-8 grid gap-4 sm:grid-cols-3">
                  {caseStudyResults.map((result) => (
                    <li
                      key={result.label}
                      className="rounded-2xl border border-slate-200 bg-slate-50 p-5"
                    >
                      <p className="text-2xl font-bold text-ink-950">{result.value}</p>
                      <p className="mt-1 text-sm text-slate-600">{result.label}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="text-sm text-slate-500">
            Individual experiences vary. Tickerwise does not give personalised investment advice,
            and past performance does not guarantee future results.
          </p>
        </div>
        <aside className="lg:pt-10">
          <figure className="rounded-3xl bg-ink-950 p-8 text-white lg:sticky lg:top-24">
            <blockquote className="text-lg leading-8 text-ink-100">
              “{caseStudyCustomer.quote}”
            </blockquote>
            <figcaption className="mt-6">
              <span className="block font-semibold">{caseStudyCustomer.name}</span>
              <span className="block text-sm text-ink-300">{caseStudyCustomer.role}</span>
            </figcaption>
          </figure>
        </aside>
      </Container>
      <section className="border-t border-slate-200 bg-slate-50">
        <Container className="flex flex-col items-start justify-between gap-6 py-14 sm:flex-row sm:items-center">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-ink-950">
              Build a process you can trust
            </h2>
            <p className="mt-2 text-slate-600">Choose a plan and start with the same tools.</p>
          </div>
          <Link to={paths.pricing} className={buttonStyles({ variant: 'primary', size: 'lg' })}>
            Start Your Journey
            <ArrowRight className="size-5" />
          </Link>
        </Container>
      </section>
    </>
  );
}

export { CaseStudyPage as Component };

import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { type Guide, riskManagementGuide, strategiesGuide } from './content/strategy-guides.ts';

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A long-form guide: its sections, worked examples, date and related links. */
function GuidePage({ guide }: { guide: Guide }) {
  useSitePage(guide.path);
  return (
    <>
      <PageHeader eyebrow={guide.eyebrow} title={guide.title} lead={guide.lead}>
        <p className="mt-6 text-sm text-ink-200">
          Written {longDate(guide.published)} · For education, not investment advice
        </p>
      </PageHeader>
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="In this guide" className="lg:sticky lg:top-6 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            In this guide
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {guide.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-800 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="min-w-0 max-w-3xl space-y-12">
          {guide.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-6"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold text-ink-950">
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-lg leading-8 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
              {section.example && (
                <figure className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-5">
                  <figcaption className="font-semibold text-ink-950">
                    {section.example.title}
                  </figcaption>
                  <table className="mt-3 w-full text-sm">
                    <tbody className="divide-y divide-slate-200">
                      {section.example.rows.map(([label, value]) => (
                        <tr key={label}>
                          <th
                            scope="row"
                            className="py-2 pr-4 text-left font-normal text-slate-700"
                          >
                            {label}
                          </th>
                          <td className="py-2 text-right font-mono font-semibold text-ink-950 tabular-nums">
                            {value}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <p className="mt-3 text-sm text-slate-600">{section.example.note}</p>
                </figure>
              )}
            </section>
          ))}
          <section aria-labelledby="related-title">
            <h2 id="related-title" className="text-xl font-bold text-ink-950">
              Keep learning
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {guide.related.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm text-slate-600">
              Courses open with a free account.{' '}
              <Link to={signupPath('free')} className="font-medium text-brand-700 underline">
                Create one
              </Link>
              .
            </p>
          </section>
        </article>
      </Container>
    </>
  );
}

export const StrategiesGuidePage = () => <GuidePage guide={strategiesGuide} />;
export const RiskManagementGuidePage = () => <GuidePage guide={riskManagementGuide} />;

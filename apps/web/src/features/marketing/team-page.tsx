import { paths } from '@tickerwise/shared';
import { ExternalLink, Mail } from 'lucide-react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { careersEmail, founder } from './content/team.ts';

export function TeamPage() {
  useSitePage(paths.team);
  return (
    <>
      <PageHeader
        eyebrow="Our team"
        title="Meet the Founder"
        lead="Tickerwise is built by a small remote team that invests with the product it makes."
      />
      <Container className="py-16 sm:py-20">
        <article className="grid gap-10 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 md:grid-cols-[auto_1fr]">
          <div
            aria-hidden="true"
            className="grid size-32 place-items-center rounded-3xl bg-gradient-to-br from-brand-400 to-brand-700 text-4xl font-bold text-white sm:size-40"
          >
            {founder.initials}
          </div>
          <div>
            <h2 className="text-3xl font-bold tracking-tight text-ink-950">{founder.name}</h2>
            <p className="mt-1 text-lg font-medium text-brand-700">{founder.title}</p>
            <div className="mt-5 space-y-4 text-base leading-7 text-slate-700">
              {founder.bio.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <ul aria-label="Focus areas" className="mt-6 flex flex-wrap gap-2">
              {founder.focus.map((area) => (
                <li
                  key={area}
                  className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
                >
                  {area}
                </li>
              ))}
            </ul>
            <a
              href={founder.linkedIn}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-8 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800"
            >
              Connect on LinkedIn
              <ExternalLink className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </article>
        <section
          aria-labelledby="join-team"
          className="mt-12 flex flex-col items-start justify-between gap-6 rounded-3xl bg-ink-950 p-8 text-white sm:flex-row sm:items-center"
        >
          <div>
            <h2 id="join-team" className="text-2xl font-bold">
              Want to build Tickerwise with us?
            </h2>
            <p className="mt-1 text-ink-200">We hire remote engineers, designers and marketers.</p>
          </div>
          <a
            href={`mailto:${careersEmail}`}
            className={buttonStyles({ variant: 'primary', size: 'lg' })}
          >
            <Mail />
            Join Our Team
          </a>
        </section>
      </Container>
    </>
  );
}

export { TeamPage as Component };

import { paths } from '@tickerwise/shared';
import { Briefcase, Check, MapPin } from 'lucide-react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { jobs, perks } from './content/careers.ts';
import { careersEmail } from './content/team.ts';

function applyLink(title: string): string {
  return `mailto:${careersEmail}?subject=${encodeURIComponent(`Application: ${title}`)}`;
}

export function CareersPage() {
  useSitePage(paths.careers);
  return (
    <>
      <PageHeader
        eyebrow="Join us"
        title="Careers at Tickerwise"
        lead="Help individual investors make better decisions. We are a remote team that values clear thinking, kind feedback and shipping often."
      />
      <Container className="grid gap-12 py-16 sm:py-20 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="open-roles">
          <h2 id="open-roles" className="text-2xl font-bold tracking-tight text-ink-950">
            Open roles
          </h2>
          <ul className="mt-6 space-y-4">
            {jobs.map((job) => (
              <li
                key={job.title}
                className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
              >
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div>
                    <h3 className="text-xl font-bold text-ink-950">{job.title}</h3>
                    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                      <span className="inline-flex items-center gap-1.5">
                        <Briefcase className="size-4" />
                        {job.type}
                      </span>
                      <span className="inline-flex items-center gap-1.5">
                        <MapPin className="size-4" />
                        {job.location}
                      </span>
                    </p>
                  </div>
                  <a
                    href={applyLink(job.title)}
                    aria-label={`Apply for ${job.title}`}
                    className="inline-flex shrink-0 items-center justify-center rounded-xl bg-ink-950 px-5 py-2.5 text-sm font-semibold text-white hover:bg-ink-800"
                  >
                    Apply
                  </a>
                </div>
                <p className="mt-4 text-base leading-7 text-slate-600">{job.description}</p>
              </li>
            ))}
          </ul>
        </section>
        <aside aria-labelledby="perks-title" className="h-fit rounded-3xl bg-slate-50 p-8">
          <h2 id="perks-title" className="text-xl font-bold text-ink-950">
            Why Tickerwise
          </h2>
          <ul className="mt-5 space-y-4">
            {perks.map((perk) => (
              <li key={perk} className="flex gap-3 text-slate-700">
                <Check className="mt-0.5 size-5 shrink-0 text-brand-600" />
                {perk}
              </li>
            ))}
          </ul>
        </aside>
      </Container>
    </>
  );
}

export { CareersPage as Component };

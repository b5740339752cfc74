import { paths } from '@tickerwise/shared';
import { ArrowRight, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { gettingStartedSteps, supportEmail } from './content/getting-started.ts';

const stepLinkClass =
  'mt-6 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:text-brand-800';

/** The profile step links to the bare '#', which a router link would rewrite. */
function StepLink({ to, children }: { to: string; children: ReactNode }) {
  if (to.startsWith('#')) {
    return (
      <a href={to} className={stepLinkClass}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={stepLinkClass}>
      {children}
    </Link>
  );
}

export function GettingStartedPage() {
  useSitePage(paths.gettingStarted);
  return (
    <>
      <PageHeader
        eyebrow="Guides"
        title="Getting Started with Tickerwise"
        lead="Four steps take you from a new account to your first informed decision. Most people finish them in an afternoon."
      />
      <Container className="py-16 sm:py-20">
        <ol className="grid gap-6 md:grid-cols-2">
          {gettingStartedSteps.map((step, index) => (
            <li
              key={step.title}
              className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-base font-bold text-brand-800">
                {index + 1}
              </span>
              <h2 className="mt-5 text-xl font-bold tracking-tight text-ink-950">{step.title}</h2>
              <p className="mt-2 flex-1 text-base leading-7 text-slate-600">{step.description}</p>
              <StepLink to={step.to}>
                {step.linkLabel}
                <ArrowRight className="size-4" />
              </StepLink>
            </li>
          ))}
        </ol>
        <section
          aria-labelledby="getting-started-help"
          className="mt-12 flex flex-col items-start justify-between gap-6 rounded-3xl bg-slate-50 p-6 sm:flex-row sm:items-center sm:p-8"
        >
          <div>
            <h2 id="getting-started-help" className="text-xl font-bold text-ink-950">
              Stuck on a step?
            </h2>
            <p className="mt-1 text-slate-600">
              Our support team answers within 24 hours on business days.
            </p>
          </div>
          <a
            href={`mailto:${supportEmail}`}
            className={buttonStyles({ variant: 'secondary', size: 'lg' })}
          >
            <Mail />
            Contact Support
          </a>
        </section>
      </Container>
    </>
  );
}

export { GettingStartedPage as Component };

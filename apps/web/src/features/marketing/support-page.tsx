import { entitlementsFor, paths, supportTargets } from '@tickerwise/shared';
import { ArrowRight, ChevronDown, Clock, LifeBuoy, Search } from 'lucide-react';
import { useId } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { usePublicAuth } from '../../lib/session/auth-provider.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { faqEntries, helpLinks, supportEmail, supportHours } from './content/support.ts';

/**
 * For a signed-in visitor: write to support from the dashboard, where requests and replies are
 * kept, with the plan's first-reply target.
 */
function WriteToSupport() {
  const auth = usePublicAuth();
  if (auth.status !== 'signed-in') return null;
  const priority = entitlementsFor(auth.user.subscription_tier).prioritySupport;
  const target = supportTargets[priority ? 'priority' : 'standard'].label;
  return (
    <section
      aria-labelledby="write-to-support"
      className="mb-12 flex flex-col gap-4 rounded-3xl border border-brand-200 bg-brand-50/60 p-6 sm:flex-row sm:items-center"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white text-brand-700">
        <LifeBuoy aria-hidden />
      </span>
      <div className="flex-1">
        <h2 id="write-to-support" className="text-lg font-bold text-ink-950">
          {priority ? 'Priority support is part of your plan' : 'Write to support'}
        </h2>
        <p className="mt-1 text-slate-700">
          Send a request from your dashboard and follow the replies there. First reply within{' '}
          {target} on business days.
        </p>
      </div>
      <Link to={paths.supportRequests} className={buttonStyles({})}>
        Open a request
      </Link>
    </section>
  );
}

export function SupportPage() {
  useSitePage(paths.support);
  const searchId = useId();
  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="Help Center"
        lead="Find answers, learn the product and reach our support team."
      >
        <search className="mt-8 block max-w-xl">
          {/* docs/PRODUCT.md §3.9: a plain GET to the help centre, which searches for `q`. */}
          <form action={paths.help} method="get">
            <label htmlFor={searchId} className="sr-only">
              Search help articles
            </label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
              <input
                id={searchId}
                type="search"
                name="q"
                placeholder="Search help articles"
                className="w-full rounded-xl border-0 bg-white py-3.5 pr-4 pl-12 text-base text-ink-950 shadow-lg placeholder:text-slate-500 focus:ring-2 focus:ring-brand-400 focus:outline-none"
              />
            </div>
          </form>
        </search>
      </PageHeader>
      <Container className="py-16 sm:py-20">
        <WriteToSupport />
        <ul className="grid gap-6 md:grid-cols-3">
          {helpLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="text-lg font-bold text-ink-950">{link.title}</span>
                <span className="mt-2 flex-1 text-slate-600">{link.description}</span>
                <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
                  Open
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-16 grid gap-10 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="faq-title">
            <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-ink-950">
              Frequently asked questions
            </h2>
            <div className="mt-6 divide-y divide-slate-200 rounded-3xl border border-slate-200 bg-white">
              {faqEntries.map((entry) => (
                <details key={entry.question} className="group p-6">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-base font-semibold text-ink-950 [&::-webkit-details-marker]:hidden">
                    {entry.question}
                    <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="mt-3 text-base leading-7 text-slate-600">{entry.answer}</p>
                </details>
              ))}
            </div>
          </section>
          <aside aria-labelledby="support-hours" className="h-fit rounded-3xl bg-slate-50 p-8">
            <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <Clock />
            </span>
            <h2 id="support-hours" className="mt-5 text-xl font-bold text-ink-950">
              Support hours
            </h2>
            <p className="mt-2 text-slate-700">{supportHours}</p>
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Write to{' '}
              <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-700 underline">
                {supportEmail}
              </a>{' '}
              and we will reply within 24 hours on business days.
            </p>
          </aside>
        </div>
      </Container>
    </>
  );
}

export { SupportPage as Component };

import { entitlementsFor, formatPrice, paths, plans } from '@tickerwise/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { type FeatureId, featureContent, featuresCheckedOn } from './feature-content.ts';
import { planRows } from './plan-rows.ts';

const checkedOn = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: 'UTC',
}).format(new Date(`${featuresCheckedOn}T00:00:00Z`));

/** A live, read-only example of the feature's own screen, computed by the server now. */
export interface FeatureExample {
  title: string;
  lead: string;
  /** The example itself: it fetches its figures once the app runs, in a box of fixed height. */
  panel: ReactNode;
}

/**
 * A Product menu page (`/features/...`): what the feature does and for whom, a live example
 * when there is one, what each plan gets (read from the entitlements table the server
 * enforces), a short FAQ and the way in.
 */
export function FeaturePage({ id, example }: { id: FeatureId; example?: FeatureExample }) {
  const content = featureContent[id];
  useSitePage(content.path);
  return (
    <>
      <PageHeader eyebrow={content.eyebrow} title={content.title} lead={content.lead}>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={signupPath('free')} className={buttonStyles({ size: 'lg' })}>
            Start free
          </Link>
          <Link to={paths.pricing} className={buttonStyles({ variant: 'on-dark', size: 'lg' })}>
            Compare plans
          </Link>
        </div>
      </PageHeader>

      <Container className="py-14 sm:py-16">
        <SectionHeading id={`${id}-what`} eyebrow="What it does" title="Built into every page" />
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{content.audience}</p>
        <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {content.points.map((point) => (
            <li
              key={point.title}
              className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="flex items-center gap-2 text-lg font-semibold text-ink-950">
                <Check aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                {point.title}
              </h3>
              <p className="mt-2 text-slate-700">{point.text}</p>
            </li>
          ))}
        </ul>
      </Container>

      {example && (
        <section aria-labelledby={`${id}-example`} className="pb-14 sm:pb-16">
          <Container>
            <SectionHeading
              id={`${id}-example`}
              eyebrow="Live example"
              title={example.title}
              lead={example.lead}
            />
            {example.panel}
          </Container>
        </section>
      )}

      <section aria-labelledby={`${id}-plans`} className="bg-slate-50 py-14 sm:py-16">
        <Container>
          <SectionHeading
            id={`${id}-plans`}
            eyebrow="Plans"
            title="What each plan gets"
            lead="The same table the server enforces and the pricing page shows."
          />
          <PlanTable id={id} />
        </Container>
      </section>

      <Container className="py-14 sm:py-16">
        <section aria-labelledby={`${id}-faq`} className="max-w-3xl">
          <SectionHeading id={`${id}-faq`} eyebrow="Questions" title="Frequently asked" />
          <dl className="mt-6 divide-y divide-slate-200">
            {content.faq.map((entry) => (
              <div key={entry.question} className="py-5">
                <dt className="text-lg font-semibold text-ink-950">{entry.question}</dt>
                <dd className="mt-2 text-slate-700">{entry.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="mt-10 flex flex-wrap items-center gap-3">
          <Link to={signupPath('free')} className={buttonStyles({ size: 'lg' })}>
            Create a free account
          </Link>
          <Link to={content.next.to} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            {content.next.label}
          </Link>
        </div>
        <p className="mt-8 text-sm text-slate-600">
          Checked against the product on {checkedOn}. Nothing on this page is investment advice.
        </p>
      </Container>
    </>
  );
}

function PlanTable({ id }: { id: FeatureId }) {
  return (
    <div className="mt-8 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">What each plan includes</caption>
        <thead className="bg-slate-100 text-ink-950">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Feature</span>
            </th>
            {plans.map((plan) => (
              <th key={plan.tier} scope="col" className="px-4 py-3 font-semibold">
                {plan.name}
                <span className="block font-normal text-slate-600">
                  {plan.tier === 'alpha' ? 'By invitation' : `${formatPrice(plan.price)} a month`}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {planRows[id].map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-4 py-3 font-medium text-ink-950">
                {row.label}
              </th>
              {plans.map((plan) => (
                <td key={plan.tier} className="px-4 py-3 text-slate-700">
                  {row.value(entitlementsFor(plan.tier))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The pages without a live example, one route module each (the router imports them by name);
 * the analysis and portfolio pages are composed with theirs in app/routes.
 */
export const AiFeaturePage = () => <FeaturePage id="ai" />;
export const AlertsFeaturePage = () => <FeaturePage id="alerts" />;
export const SocialFeaturePage = () => <FeaturePage id="social" />;

import { paths } from '@tickerwise/shared';
import { Check, Mail } from 'lucide-react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { partners, partnersEmail } from './content/partners.ts';

export function PartnersPage() {
  useSitePage(paths.partners);
  return (
    <>
      <PageHeader
        eyebrow="Partnerships"
        title="Grow with Tickerwise Partners"
        lead="We work with brokerages, educators and data providers who share our goal of better-informed investors."
      />
      <Container className="py-16 sm:py-20">
        <ul className="grid gap-6 lg:grid-cols-3">
          {partners.map((partner) => (
            <li
              key={partner.name}
              className="flex flex-col rounded-3xl border border-slate-200 bg-white p-8 shadow-sm"
            >
              <p className="text-sm font-semibold text-brand-700">{partner.type}</p>
              <h2 className="mt-2 text-xl font-bold tracking-tight text-ink-950">{partner.name}</h2>
              <p className="mt-3 text-base leading-7 text-slate-600">{partner.description}</p>
              <h3 className="mt-6 text-sm font-semibold text-ink-950">What you get</h3>
              <ul className="mt-3 space-y-2.5">
                {partner.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-sm text-slate-700">
                    <Check className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <section
          aria-labelledby="partner-contact"
          className="mt-12 flex flex-col items-start justify-between gap-6 rounded-3xl bg-ink-950 p-8 text-white sm:flex-row sm:items-center"
        >
          <div>
            <h2 id="partner-contact" className="text-2xl font-bold">
              Let us build something together
            </h2>
            <p className="mt-1 text-ink-200">Tell us about your organisation and your goals.</p>
          </div>
          <a
            href={`mailto:${partnersEmail}`}
            className={buttonStyles({ variant: 'primary', size: 'lg' })}
          >
            <Mail />
            Contact Partnerships
          </a>
        </section>
      </Container>
    </>
  );
}

export { PartnersPage as Component };

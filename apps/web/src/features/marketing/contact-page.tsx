import { paths } from '@tickerwise/shared';
import { Clock, Mail } from 'lucide-react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { contactChannels, officeHours, responseTime } from './content/contact.ts';

export function ContactPage() {
  useSitePage(paths.contact);
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        lead="Write to the team that can help you fastest. A real person reads every message."
      />
      <Container className="grid gap-10 py-16 sm:py-20 lg:grid-cols-[2fr_1fr]">
        <ul className="grid gap-6 sm:grid-cols-2">
          {contactChannels.map((channel) => (
            <li
              key={channel.id}
              className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Mail />
              </span>
              <h2 className="mt-5 text-lg font-bold text-ink-950">{channel.title}</h2>
              <p className="mt-2 flex-1 text-base leading-7 text-slate-600">
                {channel.description}
              </p>
              <a
                href={`mailto:${channel.email}`}
                className="mt-5 font-semibold break-all text-brand-700 hover:text-brand-800"
              >
                {channel.email}
              </a>
            </li>
          ))}
        </ul>
        <aside
          aria-labelledby="office-hours"
          className="h-fit rounded-3xl bg-ink-950 p-8 text-white"
        >
          <span className="grid size-11 place-items-center rounded-xl bg-white/10 text-brand-300">
            <Clock />
          </span>
          <h2 id="office-hours" className="mt-5 text-xl font-bold">
            Office hours
          </h2>
          <p className="mt-2 text-ink-100">{officeHours}</p>
          <p className="mt-4 text-sm leading-6 text-ink-300">{responseTime}</p>
        </aside>
      </Container>
    </>
  );
}

export { ContactPage as Component };

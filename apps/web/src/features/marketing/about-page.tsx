import { paths } from '@tickerwise/shared';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { aboutMission, aboutStory, aboutValues, aboutVision } from './content/about.ts';

export function AboutPage() {
  useSitePage(paths.about);
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="About Tickerwise"
        lead="We build the investing companion we always wanted: clear research, honest numbers and lessons that stick."
      />
      <Container className="grid gap-6 py-16 sm:py-20 md:grid-cols-2">
        {[aboutMission, aboutVision].map((block) => (
          <section
            key={block.title}
            className="rounded-3xl border border-slate-200 bg-white p-8 shadow-sm"
          >
            <h2 className="text-2xl font-bold tracking-tight text-ink-950">{block.title}</h2>
            <p className="mt-3 text-lg leading-8 text-slate-600">{block.text}</p>
          </section>
        ))}
      </Container>
      <section aria-labelledby="values-title" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <SectionHeading id="values-title" eyebrow="What guides us" title="Our Values" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {aboutValues.map((value, index) => (
              <li
                key={value.title}
                className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
              >
                <span className="text-sm font-semibold text-brand-700">0{index + 1}</span>
                <h3 className="mt-2 text-xl font-bold text-ink-950">{value.title}</h3>
                <p className="mt-3 text-base leading-7 text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <Container className="py-16 sm:py-20">
        <section aria-labelledby="story-title" className="max-w-3xl">
          <SectionHeading id="story-title" eyebrow="How we started" title="Our Story" />
          <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
            {aboutStory.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      </Container>
    </>
  );
}

export { AboutPage as Component };

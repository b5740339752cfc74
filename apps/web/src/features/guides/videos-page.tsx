import { paths } from '@tickerwise/shared';
import { Clock, Mail } from 'lucide-react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { TutorialThumbnail } from './components/tutorial-thumbnail.tsx';
import { type TutorialLevel, tutorialRequestEmail, tutorials } from './content/tutorials.ts';

const levelTone: Record<TutorialLevel, string> = {
  Beginner: 'bg-brand-50 text-brand-800',
  Intermediate: 'bg-sky-50 text-sky-800',
  Advanced: 'bg-violet-50 text-violet-800',
};

export function VideosPage() {
  useSitePage(paths.videos);
  return (
    <>
      <PageHeader
        eyebrow="Guides"
        title="Video Tutorials"
        lead="Short, focused lessons that show you how to get the most from every Tickerwise tool, whatever your experience."
      />
      <Container className="py-16 sm:py-20">
        <ul className="grid gap-6 sm:grid-cols-2">
          {tutorials.map((tutorial) => (
            <li
              key={tutorial.title}
              className="flex flex-col rounded-3xl border border-slate-200 bg-white shadow-sm"
            >
              <TutorialThumbnail kind={tutorial.thumbnail} duration={tutorial.duration} />
              <div className="flex flex-1 flex-col p-6">
                <div className="flex items-center gap-3 text-sm">
                  <span
                    className={`rounded-full px-2.5 py-0.5 font-semibold ${levelTone[tutorial.level]}`}
                  >
                    {tutorial.level}
                  </span>
                  <span className="inline-flex items-center gap-1 text-slate-600">
                    <Clock className="size-4" />
                    {tutorial.duration}
                  </span>
                </div>
                <h2 className="mt-4 text-xl font-bold tracking-tight text-ink-950">
                  {tutorial.title}
                </h2>
                <p className="mt-2 text-base leading-7 text-slate-600">{tutorial.description}</p>
              </div>
            </li>
          ))}
        </ul>
        <section
          aria-labelledby="tutorial-request"
          className="mt-12 flex flex-col items-start justify-between gap-6 rounded-3xl bg-slate-50 p-6 sm:flex-row sm:items-center sm:p-8"
        >
          <div>
            <h2 id="tutorial-request" className="text-xl font-bold text-ink-950">
              Missing a topic?
            </h2>
            <p className="mt-1 text-slate-600">Tell us what you would like to learn next.</p>
          </div>
          <a
            href={`mailto:${tutorialRequestEmail}?subject=Tutorial%20request`}
            className={buttonStyles({ variant: 'secondary', size: 'lg' })}
          >
            <Mail />
            Request a Tutorial
          </a>
        </section>
      </Container>
    </>
  );
}

export { VideosPage as Component };

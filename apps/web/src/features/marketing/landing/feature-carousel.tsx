import { paths } from '@tickerwise/shared';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Container } from '../../../components/container.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Link } from '../../../lib/navigation.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { features } from '../content/landing.ts';
import { FeatureArtwork } from './feature-artwork.tsx';

const controlClass =
  'grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-ink-950 shadow-sm transition-colors hover:bg-slate-50 disabled:opacity-60';

/**
 * docs/PRODUCT.md §3.1: four features with previous/next and dots. It never turns by itself; the
 * buttons, the dots and the arrow keys (with focus inside) move it, and hidden slides are inert.
 */
export function FeatureCarousel() {
  const [current, setCurrent] = useState(0);
  // Until the app runs the page, the first slide shows and the controls are disabled.
  const waiting = !useHydrated();
  const count = features.length;
  const show = (index: number) => setCurrent((index + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby="features-title" className="py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to invest with confidence"
          lead="Research, tracking, alerts and learning work together, so every decision starts from the same clear picture."
        />
        <section
          aria-roledescription="carousel"
          aria-label="Tickerwise features"
          className="mt-12"
          onKeyDown={onKeyDown}
        >
          <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
            <div
              aria-live="polite"
              className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${current * 100}%)` }}
            >
              {features.map((feature, index) => (
                // biome-ignore lint/a11y/useSemanticElements: the carousel pattern of WAI-ARIA marks each slide as a group
                <div
                  key={feature.title}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${count}: ${feature.title}`}
                  inert={index !== current}
                  className="grid w-full shrink-0 items-center gap-8 p-6 sm:p-10 lg:grid-cols-2 lg:gap-12"
                >
                  <div>
                    <h3 className="text-2xl font-bold tracking-tight text-ink-950">
                      {feature.title}
                    </h3>
                    <p className="mt-3 text-base leading-7 text-slate-600">{feature.description}</p>
                    <ul className="mt-6 space-y-3">
                      {feature.points.map((point) => (
                        <li key={point} className="flex gap-3 text-sm text-slate-700">
                          <Check className="mt-0.5 size-5 shrink-0 text-brand-600" />
                          {point}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <FeatureArtwork art={feature.art} />
                </div>
              ))}
            </div>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-center gap-3">
              <button
                type="button"
                aria-label="Previous feature"
                disabled={waiting}
                onClick={() => show(current - 1)}
                className={controlClass}
              >
                <ChevronLeft />
              </button>
              <div className="flex items-center">
                {features.map((feature, index) => (
                  <button
                    key={feature.title}
                    type="button"
                    aria-label={`Show feature ${index + 1}: ${feature.title}`}
                    aria-current={index === current ? 'true' : undefined}
                    disabled={waiting}
                    onClick={() => show(index)}
                    className="grid size-8 place-items-center rounded-full"
                  >
                    <span
                      className={`block h-2.5 rounded-full transition-all ${
                        index === current ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-300'
                      }`}
                    />
                  </button>
                ))}
              </div>
              <button
                type="button"
                aria-label="Next feature"
                disabled={waiting}
                onClick={() => show(current + 1)}
                className={controlClass}
              >
                <ChevronRight />
              </button>
            </div>
            <Link to={paths.pricing} className={buttonStyles({ variant: 'primary', size: 'lg' })}>
              Try for Free
            </Link>
          </div>
        </section>
      </Container>
    </section>
  );
}

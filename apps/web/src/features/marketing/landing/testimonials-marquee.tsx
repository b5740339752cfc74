import { useState } from 'react';
import { Container } from '../../../components/container.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { type Testimonial, testimonials } from '../content/landing.ts';

function initialsOf(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="w-[400px] shrink-0 motion-reduce:max-w-full">
      <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <blockquote className="flex-1 text-base leading-7 text-slate-700">
          “{testimonial.quote}”
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-10 place-items-center rounded-full bg-ink-950 text-sm font-semibold text-white"
          >
            {initialsOf(testimonial.name)}
          </span>
          <span>
            <span className="block text-sm font-semibold text-ink-950">{testimonial.name}</span>
            <span className="block text-sm text-slate-500">{testimonial.role}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * docs/PRODUCT.md §3.1: six entries shown twice in a loop, each 400 px wide. The track moves by
 * exactly one copy (half its width) per cycle, so the loop has no seam. It pauses on hover, on
 * keyboard focus and with its pause button (WCAG 2.2.2); under prefers-reduced-motion it stands
 * still and the six entries wrap instead.
 */
export function TestimonialsMarquee() {
  const [paused, setPaused] = useState(false);
  const hydrated = useHydrated();
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="group bg-slate-50 py-20 sm:py-24"
    >
      <Container>
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Investors who made Tickerwise part of their routine"
          lead="Beginners and seasoned investors use Tickerwise to understand their money better."
          align="center"
        />
      </Container>
      <div className="mt-12 overflow-hidden mask-x-from-95% mask-x-to-100% motion-reduce:mask-none">
        <div
          data-testid="testimonial-track"
          className={`flex w-max animate-marquee group-focus-within:[animation-play-state:paused] hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none ${
            paused ? '[animation-play-state:paused]' : ''
          }`}
        >
          <ul className="flex gap-6 pr-6 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:px-4">
            {testimonials.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          </ul>
          <ul aria-hidden="true" className="flex gap-6 pr-6 motion-reduce:hidden">
            {testimonials.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-8 text-center motion-reduce:hidden">
        <button
          type="button"
          // Until the app runs the page: pointing at the cards or focusing one still pauses them.
          disabled={!hydrated}
          onClick={() => setPaused(!paused)}
          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-600 hover:bg-slate-200/60 hover:text-ink-950 disabled:opacity-60"
        >
          {paused ? 'Play testimonials' : 'Pause testimonials'}
        </button>
      </div>
    </section>
  );
}

import { usePageTitle } from '../../lib/use-page-title.ts';
import { FeatureCarousel } from './landing/feature-carousel.tsx';
import { FreeTierSection } from './landing/free-tier-section.tsx';
import { Hero } from './landing/hero.tsx';
import { ScrollHint } from './landing/scroll-hint.tsx';
import { TestimonialsMarquee } from './landing/testimonials-marquee.tsx';

export function LandingPage() {
  usePageTitle(
    '',
    'Tickerwise gives individual investors AI market analysis, live portfolio tracking, alerts and courses. Join 10,000+ active investors and start free.',
  );
  return (
    <>
      <Hero />
      <TestimonialsMarquee />
      <FeatureCarousel />
      <FreeTierSection />
      <ScrollHint targetId="testimonials" />
    </>
  );
}

export { LandingPage as Component };

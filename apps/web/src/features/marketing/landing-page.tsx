import { paths } from '@tickerwise/shared';
import { useSitePage } from '../../lib/site-pages.ts';
import { FeatureCarousel } from './landing/feature-carousel.tsx';
import { FreeTierSection } from './landing/free-tier-section.tsx';
import { Hero } from './landing/hero.tsx';
import { ScrollHint } from './landing/scroll-hint.tsx';
import { TestimonialsMarquee } from './landing/testimonials-marquee.tsx';

export function LandingPage() {
  useSitePage(paths.home);
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

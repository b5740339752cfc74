import { formatPrice, paths, plans, prerenderedPaths } from '@tickerwise/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PrerenderedPage, renderPublicPages } from './prerender.tsx';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Tickerwise: AI-assisted investing for individual investors</title>
    <meta name="description" content="The landing page." />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let pages: PrerenderedPage[];
beforeAll(async () => {
  pages = await renderPublicPages(template);
}, 60_000);

const htmlOf = (path: string) => pages.find((page) => page.path === path)?.html ?? '';

describe('the prerendered public pages', () => {
  it('each paint their own heading and are marked with their path', () => {
    expect(pages.map((page) => page.path)).toEqual([...prerenderedPaths]);
    for (const page of pages) {
      expect(page.html, page.path).toContain(`data-page="${page.path}"`);
      expect(page.html, page.path).toMatch(/<h1[ >]/);
    }
  });

  it('paint every plan with its price from the shared catalogue on the pricing page', () => {
    const pricing = htmlOf(paths.pricing);
    expect(pricing).toContain('<title>Plans and Pricing | Tickerwise</title>');
    for (const plan of plans) {
      expect(pricing).toContain(`aria-label="${plan.name} plan"`);
      expect(pricing).toContain(formatPrice(plan.price));
    }
    // A visitor can choose a plan before the app runs: each button is a link to sign-up.
    for (const plan of plans) {
      expect(pricing).toMatch(
        new RegExp(`<a [^>]*href="/signup\\?plan=${plan.tier}"[^>]*>Get Started</a>`),
      );
    }
    expect(pricing).not.toContain('disabled=""');
  });

  it('draw what needs the app disabled, and the header’s menus as links to the footer', () => {
    const landing = htmlOf(paths.home);
    for (const group of ['resources', 'product', 'about']) {
      expect(landing).toContain(`href="#site-footer-${group}"`);
      expect(landing).toContain(`id="site-footer-${group}"`);
    }
    expect(landing).toMatch(/<button [^>]*aria-label="Next feature"[^>]*disabled=""/);
    expect(landing).toMatch(/<a [^>]*href="#testimonials"[^>]*aria-label="Scroll down"/);
    expect(htmlOf(paths.calculator)).toContain('<fieldset disabled=""');
    expect(htmlOf(paths.riskAssessment)).toContain('<fieldset disabled=""');
    expect(htmlOf(paths.glossary)).toMatch(/<input [^>]*type="search"[^>]*disabled=""/);
    expect(htmlOf(paths.help)).toMatch(/<input [^>]*type="search"[^>]*disabled=""/);
  });

  it('paint the courses page’s header and hold the catalogue’s place until it arrives', () => {
    const courses = htmlOf(paths.courses);
    expect(courses).toContain('<title>Learning Courses | Tickerwise</title>');
    expect(courses).toContain('Learn investing by doing it');
    expect(courses).toContain('Loading the courses');
    expect(courses).toContain('min-h-dvh');
  });
});

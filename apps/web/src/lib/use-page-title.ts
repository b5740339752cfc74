import { useEffect } from 'react';

const product = 'Tickerwise';
/** The landing page's title, as index.html carries it. */
export const homeTitle = `${product}: AI-assisted investing for individual investors`;

/** Sets `document.title` (and the meta description when given) for the current screen. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${product}` : homeTitle;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}

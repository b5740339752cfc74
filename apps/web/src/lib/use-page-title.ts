import { useEffect } from 'react';

const product = 'Tickerwise';

/** Sets `document.title` (and the meta description when given) for the current screen. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${product}` : `${product}: AI-assisted investing`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}

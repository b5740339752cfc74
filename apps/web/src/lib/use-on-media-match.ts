import { useEffect } from 'react';

/**
 * Calls `onMatch` whenever the viewport comes to match `query`, e.g. to close a drawer that
 * only exists on small screens once a tablet turns or a window widens.
 */
export function useOnMediaMatch(query: string, onMatch: () => void): void {
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => {
      if (media.matches) onMatch();
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query, onMatch]);
}

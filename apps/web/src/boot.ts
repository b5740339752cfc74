import './index.css';
import { hasPrerenderedPage, isPrerenderedPath } from './app/prerendered-root.ts';
import { publicPages } from './app/public-pages.ts';
import { markSession, readStoredProfile } from './lib/session/stored-profile.ts';

// Before the first paint, so the header of a signed-in visitor never shows Login first.
markSession(readStoredProfile());

const root = document.getElementById('root');
if (!root) throw new Error('Failed to find the root element');
const path = window.location.pathname;

// A prerendered public page paints from HTML and CSS alone and needs only its own script to
// become interactive: the public entry, which starts loading once that first frame is on
// screen, so on a slow network it does not compete with the stylesheet for bandwidth. Every
// other address needs the app to paint at all (ADR 77).
if (hasPrerenderedPage(root) && isPrerenderedPath(path)) {
  // The entry and the page's own chunk load side by side.
  const hydrate = () => {
    void Promise.all([import('./public-main.tsx'), publicPages[path]()]).then(
      ([{ hydratePublicPage }, Page]) => hydratePublicPage(root, path, Page),
    );
  };
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(hydrate, 0));
  else hydrate();
} else {
  void import('./main.tsx').then(({ startApp }) => startApp(root));
}

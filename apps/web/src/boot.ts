import './index.css';
import { hasPrerenderedPage } from './app/prerendered-root.ts';
import { markSession, readStoredProfile } from './lib/session/stored-profile.ts';

// Before the first paint, so the header of a signed-in visitor never shows Login first.
markSession(readStoredProfile());

const startApp = () => {
  void import('./main.tsx');
};

// A prerendered public page paints from HTML and CSS alone. Its scripts start loading once
// that first frame is on screen, so on a slow network they do not compete with the stylesheet
// for bandwidth; every other path needs the app to paint at all, so it starts at once.
const root = document.getElementById('root');
if (root && hasPrerenderedPage(root) && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}

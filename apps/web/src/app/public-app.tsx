import type { ComponentType } from 'react';
import { type Navigation, NavigationContext } from '../lib/navigation.tsx';
import { AuthProvider } from '../lib/session/auth-provider.tsx';
import { MarketingLayout } from './layouts/marketing-layout.tsx';

interface PublicAppProps {
  /** The prerendered page's component (`publicPages`). */
  Page: ComponentType;
  navigation: Navigation;
}

/**
 * A prerendered page as the build renders it and the public entry hydrates it: the page in
 * the site's frame, with no router (ADR 77). It is the markup the app renders for the same
 * address (`MarketingRoute` in router.tsx), so the app can take the root over unchanged.
 */
export function PublicApp({ Page, navigation }: PublicAppProps) {
  return (
    <AuthProvider>
      <NavigationContext.Provider value={navigation}>
        <MarketingLayout>
          <Page />
        </MarketingLayout>
      </NavigationContext.Provider>
    </AuthProvider>
  );
}

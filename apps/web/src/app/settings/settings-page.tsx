import { type SettingsTab, settingsTabs } from '@tickerwise/shared';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { BillingSettings } from '../../features/billing/billing-settings.tsx';
import { ApiKeysSection } from '../../features/developer/api-keys-section.tsx';
import { IntegrationsSection } from '../../features/integrations/integrations-section.tsx';
import { DataSection } from '../../features/settings/data-section.tsx';
import { NotificationsSection } from '../../features/settings/notifications-section.tsx';
import { ProfileSection } from '../../features/settings/profile-section.tsx';
import { SecuritySection } from '../../features/settings/security-section.tsx';
import { RiskProfileSettings } from '../../features/tools/risk-profile-settings.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Each tab's name, and a shorter one so that all seven fit on a phone. */
const labels: Record<SettingsTab, [full: string, short: string]> = {
  profile: ['Profile', 'Profile'],
  security: ['Security', 'Security'],
  notifications: ['Notifications', 'Email'],
  integrations: ['Integrations', 'Hooks'],
  billing: ['Plan and billing', 'Plan'],
  data: ['Your data', 'Data'],
  api: ['API', 'API'],
};

function isSettingsTab(value: string | null): value is SettingsTab {
  return settingsTabs.some((tab) => tab === value);
}

/**
 * docs/PRODUCT.md §3.19: Settings, one tab per section (`?tab=`), each saved on its own. The
 * app composes it, since its sections come from several features (settings, billing,
 * developer).
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: SettingsTab = isSettingsTab(asked) ? asked : 'profile';
  if (auth.status !== 'signed-in') return null;
  const { user } = auth;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">
          Your profile, security, notifications, integrations, plan, data and API access. Each
          section saves on its own.
        </p>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'profile' ? {} : { tab: value }, { replace: true })
        }
      >
        <TabsList label="Settings sections">
          {settingsTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              <span className="hidden sm:inline">{labels[value][0]}</span>
              <span className="sm:hidden">{labels[value][1]}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <div className="space-y-6">
            <ProfileSection user={user} />
            <RiskProfileSettings />
          </div>
        </TabsContent>
        <TabsContent value="security">
          <SecuritySection />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsSection />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationsSection />
        </TabsContent>
        <TabsContent value="billing">
          <BillingSettings user={user} />
        </TabsContent>
        <TabsContent value="data">
          <DataSection user={user} />
        </TabsContent>
        <TabsContent value="api">
          <ApiKeysSection />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export { SettingsPage as Component };

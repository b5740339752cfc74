import { BrowsersPanel } from './components/browsers-panel.tsx';
import { PasswordForm } from './components/password-form.tsx';
import { SessionsPanel } from './components/sessions-panel.tsx';
import { TwoFactorPanel } from './components/two-factor-panel.tsx';

/** docs/PRODUCT.md §3.19, Security: the password, two-factor sign-in, the devices signed in and
 * the browsers the account knows. */
export function SecuritySection() {
  return (
    <div className="space-y-6">
      <PasswordForm />
      <TwoFactorPanel />
      <SessionsPanel />
      <BrowsersPanel />
    </div>
  );
}

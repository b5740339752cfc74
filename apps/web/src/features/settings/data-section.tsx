import type { Me } from '@tickerwise/shared';
import { DeleteAccountPanel } from './components/delete-account-panel.tsx';
import { ExportPanel } from './components/export-panel.tsx';

/** docs/PRODUCT.md §3.19, Your data: the export, and deleting the account. */
export function DataSection({ user }: { user: Me }) {
  return (
    <div className="space-y-6">
      <ExportPanel />
      <DeleteAccountPanel user={user} />
    </div>
  );
}

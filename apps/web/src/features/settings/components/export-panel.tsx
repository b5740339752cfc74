import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { downloadExport } from '../api/download-export.ts';

/** Settings, Your data: everything held about the user, as one JSON file. */
export function ExportPanel() {
  const download = useMutation({ mutationFn: downloadExport });
  return (
    <SettingsPanel
      title="Download your data"
      description="One JSON file with everything Tickerwise holds about you: your profile and sign-in details, the devices you're signed in on, your plan, subscriptions and payments, notifications and what you've read, your watchlists, your alerts and every time they went off, your portfolios with all their transactions, the written analyses you opened, your usage, your API keys (never their secrets) and everything else you keep in Tickerwise. Your password is kept only as a hash and is not included."
    >
      <div className="space-y-4">
        {download.isSuccess && (
          <Alert tone="success">Your data was saved as {download.data}.</Alert>
        )}
        {download.isError && (
          <Alert>
            {download.error instanceof ApiRequestError
              ? download.error.message
              : 'Your data could not be downloaded. Please try again.'}
          </Alert>
        )}
        <Button
          variant="secondary"
          busy={download.isPending}
          busyLabel="Preparing your file..."
          onClick={() => download.mutate()}
        >
          <Download aria-hidden="true" className="size-4" />
          Download my data
        </Button>
      </div>
    </SettingsPanel>
  );
}

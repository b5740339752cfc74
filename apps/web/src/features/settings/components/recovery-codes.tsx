import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadText } from '../../../lib/download-text.ts';
import { recoveryCodesText } from '../two-factor-setup.ts';

/** Recovery codes just made: shown this once, to copy or download. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = () => recoveryCodesText(codes, email, new Date());
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h3 className="text-sm font-semibold text-ink-950">Your recovery codes</h3>
      <p className="mt-1 text-sm text-slate-700">
        Each code signs you in once if you cannot use your app. Save them now: they are not shown
        again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-ink-950 tabular-nums"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={copy}>
          {copied === 'copied' ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied === 'copied' ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            downloadText(text(), 'tickerwise-recovery-codes.txt', 'text/plain;charset=utf-8')
          }
        >
          <Download className="size-4" aria-hidden />
          Download
        </Button>
      </div>
      {copied === 'failed' && (
        <Alert className="mt-3">
          Your browser did not allow copying. Select the codes instead.
        </Alert>
      )}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { type ReportReason, reportReasons } from '@tickerwise/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { reportReasonLabels } from './moderation-text.ts';

/**
 * Report, then one button per reason, then "Reported. Thank you.": the same for a post and for a
 * member. It sits in a wrapping row of actions; the reasons and any error take a line of their
 * own below them.
 */
export function ReportAction({
  send,
  className,
}: {
  /** Sends the report with the reason chosen. */
  send: (reason: ReportReason) => Promise<unknown>;
  /** The Report toggle's look, to match the actions beside it. */
  className: string;
}) {
  const [reporting, setReporting] = useState(false);
  const report = useMutation({ mutationFn: send, onSuccess: () => setReporting(false) });
  return (
    <>
      {report.isSuccess ? (
        <span className="px-2 text-sm text-slate-500">Reported. Thank you.</span>
      ) : (
        <button
          type="button"
          className={className}
          aria-expanded={reporting}
          onClick={() => setReporting(!reporting)}
        >
          <Flag aria-hidden="true" className="size-4" /> Report
        </button>
      )}
      {reporting && (
        <div className="flex basis-full flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Why?</span>
          {reportReasons.map((reason) => (
            <Button
              key={reason}
              variant="secondary"
              size="sm"
              busy={report.isPending && report.variables === reason}
              onClick={() => report.mutate(reason)}
            >
              {reportReasonLabels[reason]}
            </Button>
          ))}
        </div>
      )}
      {report.error && (
        <p role="alert" className="basis-full text-sm text-red-700">
          {report.error.message}
        </p>
      )}
    </>
  );
}

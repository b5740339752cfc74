import { portfolioTemplateCsv, portfolioTemplateFileName } from '@tickerwise/shared';
import { downloadText } from '../../../lib/download-text.ts';

/** Downloads our CSV template, one example row per kind of transaction. */
export function TemplateLink({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      onClick={() => downloadText(portfolioTemplateCsv(), portfolioTemplateFileName)}
      className={`font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 ${className}`}
    >
      Download the template
    </button>
  );
}

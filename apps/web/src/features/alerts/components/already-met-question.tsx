import type { AlreadyMetChoice } from '@tickerwise/shared';
import { Button } from '../../../components/ui/button.tsx';

interface AlreadyMetQuestionProps {
  /** The server's question: "AAPL is already above $185.00: fire now, or wait for the next crossing?" */
  question: string;
  busy: boolean;
  onChoose: (choice: AlreadyMetChoice) => void;
}

/**
 * A price alert set at a level the price is already past (docs/PRODUCT.md §3.22): the user
 * chooses to have it fire now, or to wait until the price crosses the level again.
 */
export function AlreadyMetQuestion({ question, busy, onChoose }: AlreadyMetQuestionProps) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3.5 text-sm">
      <p className="font-medium text-ink-950">{question}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" busy={busy} onClick={() => onChoose('fire_now')}>
          Fire now
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => onChoose('wait_for_crossing')}
        >
          Wait for the next crossing
        </Button>
      </div>
    </div>
  );
}

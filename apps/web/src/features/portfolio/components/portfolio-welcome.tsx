import { ChartLine, FileSpreadsheet, PencilLine, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TemplateLink } from './template-link.tsx';

function Step({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Wallet;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" />
      </span>
      <div>
        <h3 className="font-semibold text-ink-950">{title}</h3>
        <div className="mt-1 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/**
 * An empty portfolio teaches, in one screen, how to start: record or import what happened,
 * and what the page then shows.
 */
export function PortfolioWelcome({
  onAdd,
  onImport,
  onPractice,
  busy = false,
}: {
  onAdd: () => void;
  onImport: () => void;
  /** Opens the practice portfolio ($100,000 of practice cash), made on first use. */
  onPractice: () => void;
  /** True while the portfolio is being created for the first transaction. */
  busy?: boolean;
}) {
  return (
    <Card size="lg" className="mx-auto max-w-3xl">
      <div className="text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <Wallet className="size-7" />
        </span>
        <h2 className="mt-5 text-2xl font-bold tracking-tight text-ink-950">
          Track your portfolio in three steps
        </h2>
        <p className="mt-2 text-slate-600">
          Tickerwise works out your holdings, gains and returns from what happened in your account.
        </p>
      </div>
      <ol className="mt-8 space-y-6">
        <Step icon={PencilLine} title="1. Record your transactions">
          Buys and sells with their fees, dividends, splits, and the cash you deposit or withdraw.
          No deposits recorded? Each buy then counts as new money put in.
        </Step>
        <Step icon={FileSpreadsheet} title="2. Or import them from a CSV">
          Our template, or your broker's export of trades: match its date, symbol, side, quantity,
          price and fees columns. Every row is checked before anything is saved. <TemplateLink />
        </Step>
        <Step icon={ChartLine} title="3. Follow how you are doing">
          Holdings at the latest prices, gains on FIFO lots, allocation by sector, and returns over
          1M to all time against the S&P 500 (SPY), with the source of every price.
        </Step>
      </ol>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={onAdd} busy={busy} busyLabel="Preparing...">
          Add your first transaction
        </Button>
        <Button variant="secondary" onClick={onImport} disabled={busy}>
          Import a CSV
        </Button>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Not ready with real money? Practice cash never counts in your Portfolio Value.
        <button
          type="button"
          onClick={onPractice}
          disabled={busy}
          className="mt-1 block w-full font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Practise with $100,000 of practice cash
        </button>
      </p>
    </Card>
  );
}

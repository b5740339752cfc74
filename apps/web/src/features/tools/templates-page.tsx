import {
  investmentPlanCsv,
  investmentPlanFileName,
  paths,
  portfolioTemplateCsv,
  portfolioTemplateFileName,
  watchlistTemplateCsv,
  watchlistTemplateFileName,
} from '@tickerwise/shared';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';

interface Template {
  id: string;
  title: string;
  fileName: string;
  csv: string;
  body: ReactNode;
}

const linkStyle = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

const templates: Template[] = [
  {
    id: 'portfolio',
    title: 'Portfolio import template',
    fileName: portfolioTemplateFileName,
    csv: portfolioTemplateCsv(),
    body: (
      <>
        <p>
          The file the portfolio importer reads as its own format, with one example of each kind of
          transaction: deposit, buy, dividend, split, sell, fee and withdrawal. Replace the examples
          with your own rows and import it with the Import button of the Portfolio page.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>date</strong> as year-month-day (2024-03-31) and <strong>type</strong> are
            required on every row.
          </li>
          <li>
            Buys and sells need a <strong>symbol</strong>, a <strong>quantity</strong> and a{' '}
            <strong>price</strong> per share; <strong>fees</strong> are added to a buy’s cost and
            taken from a sale’s proceeds.
          </li>
          <li>
            Dividends, deposits, withdrawals and fees use <strong>amount</strong>; a split uses{' '}
            <strong>ratio</strong> as new:old (10:1).
          </li>
          <li>
            Before anything is saved the importer shows every row it will add and names each row it
            cannot read, with its line number. An export from Schwab, Fidelity, Interactive Brokers
            or Trading 212 can be imported as it is, without this template.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'watchlist',
    title: 'Watchlist sheet',
    fileName: watchlistTemplateFileName,
    csv: watchlistTemplateCsv(),
    body: (
      <p>
        A sheet for the research behind a watchlist: why each symbol is on it, the prices at which
        you would act and when to look again. Tickerwise does not import this file; add the symbols
        on the Watchlist page, and turn a “buy below” or “sell above” price into a price alert so
        you hear when it is reached.
      </p>
    ),
  },
  {
    id: 'plan',
    title: 'Investment-plan worksheet',
    fileName: investmentPlanFileName,
    csv: investmentPlanCsv(),
    body: (
      <p>
        One line per decision of a written plan (goal, amounts, expected return, fees, your mix of
        stocks, bonds and cash, and when to rebalance and review), each with an example and a hint.
        Fill the your_value column, try the figures in the{' '}
        <Link to={paths.calculator} className={linkStyle}>
          investment calculator
        </Link>{' '}
        and the mix after the{' '}
        <Link to={paths.riskAssessment} className={linkStyle}>
          risk assessment
        </Link>
        . The example values illustrate the format; they are not a recommendation.
      </p>
    ),
  },
];

const dataUrl = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;

/** `/tools/templates`: the CSV files that work with the product, each explained. */
export function TemplatesPage() {
  useSitePage(paths.templates);
  return (
    <>
      <PageHeader
        eyebrow="Free tool"
        title="Portfolio Templates"
        lead="Three CSV files to download and open in any spreadsheet: the template the portfolio importer reads, a watchlist sheet and an investment-plan worksheet."
      />
      <Container className="space-y-10 py-12 sm:py-16">
        {templates.map((template) => (
          <section
            key={template.id}
            id={template.id}
            aria-labelledby={`${template.id}-title`}
            className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <div className="flex flex-wrap items-start justify-between gap-4">
              <h2 id={`${template.id}-title`} className="text-2xl font-bold text-ink-950">
                {template.title}
              </h2>
              <a
                href={dataUrl(template.csv)}
                download={template.fileName}
                className={buttonStyles({ variant: 'secondary' })}
              >
                <Download aria-hidden="true" className="size-4" />
                Download {template.fileName}
              </a>
            </div>
            <div className="mt-4 max-w-3xl space-y-3 text-slate-700">{template.body}</div>
            <h3 className="mt-6 text-sm font-semibold text-ink-950">What the file holds</h3>
            <pre className="mt-2 rounded-xl bg-slate-50 p-4 font-mono text-xs leading-6 break-all whitespace-pre-wrap text-slate-800">
              {template.csv}
            </pre>
          </section>
        ))}
        <p className="text-slate-700">
          Ready to try the importer?{' '}
          <Link to={signupPath('free')} className={linkStyle}>
            Create a free account
          </Link>
          : the Free plan tracks one portfolio.
        </p>
      </Container>
    </>
  );
}

export { TemplatesPage as Component };

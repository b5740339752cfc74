import { csvDocument, csvLine } from './csv.ts';
import { templateColumns } from './template-columns.ts';

/**
 * The CSV files offered at `/tools/templates` and in the portfolio's import dialog. The
 * portfolio template is what the importer reads as "our template" (a test imports it); the
 * other two are worksheets for a spreadsheet, which the app does not import.
 */
export const portfolioTemplateFileName = 'tickerwise-transactions-template.csv';
export const watchlistTemplateFileName = 'tickerwise-watchlist.csv';
export const investmentPlanFileName = 'tickerwise-investment-plan.csv';

/** Our import template with one example of each kind of transaction, for users to fill in. */
export function portfolioTemplateCsv(): string {
  return csvDocument([
    csvLine(templateColumns),
    csvLine(['2024-01-02', 'deposit', '', '', '', '', '10000', '', 'Opening deposit']),
    csvLine(['2024-01-03', 'buy', 'AAPL', '20', '185.64', '1.00', '', '', '']),
    csvLine(['2024-02-15', 'dividend', 'AAPL', '', '', '0.72', '4.80', '', 'Tax withheld in fees']),
    csvLine(['2024-06-10', 'split', 'NVDA', '', '', '', '', '10:1', '']),
    csvLine(['2024-07-01', 'sell', 'AAPL', '5', '216.75', '1.00', '', '', '']),
    csvLine(['2024-07-31', 'fee', '', '', '', '', '5.00', '', 'Account fee']),
    csvLine(['2024-08-01', 'withdrawal', '', '', '', '', '500', '', '']),
  ]);
}

export const watchlistTemplateColumns = [
  'symbol',
  'name',
  'why_watching',
  'buy_below',
  'sell_above',
  'review_on',
] as const;

/** A watchlist kept in a spreadsheet: why each symbol is on it and the prices that matter. */
export function watchlistTemplateCsv(): string {
  return csvDocument([
    csvLine(watchlistTemplateColumns),
    csvLine([
      'MSFT',
      'Microsoft',
      'Cloud growth; waiting for a better price',
      '380',
      '',
      '2025-01-15',
    ]),
    csvLine([
      'VTI',
      'Vanguard Total Stock Market ETF',
      'Core holding for monthly buys',
      '',
      '',
      '',
    ]),
    csvLine(['KO', 'Coca-Cola', 'Dividend history; check payout ratio', '58', '75', '2025-03-01']),
  ]);
}

/** A plan worksheet: one line per decision, an example value, and where to check it. */
export function investmentPlanCsv(): string {
  return csvDocument([
    csvLine(['item', 'your_value', 'example', 'how_to_decide']),
    csvLine(['Goal', '', 'Retirement savings', 'What the money is for']),
    csvLine(['Target amount ($)', '', '400000', 'What the goal costs in today’s money']),
    csvLine(['Target year', '', '2050', 'When you need most of it']),
    csvLine([
      'Starting amount ($)',
      '',
      '10000',
      'What you can invest now, after an emergency fund',
    ]),
    csvLine(['Monthly contribution ($)', '', '500', 'An amount you can keep up in a bad month']),
    csvLine([
      'Expected yearly return (%)',
      '',
      '6',
      'A cautious figure; try several in the calculator',
    ]),
    csvLine(['Yearly fees (%)', '', '0.2', 'Expense ratios and account fees added up']),
    csvLine(['Risk profile', '', 'Balanced', 'From the risk assessment']),
    csvLine(['Stocks (%)', '', '60', 'Your mix; the three lines add up to 100']),
    csvLine(['Bonds (%)', '', '35', '']),
    csvLine(['Cash (%)', '', '5', '']),
    csvLine([
      'Rebalance when off by (points)',
      '',
      '5',
      'When a part drifts this far from its share',
    ]),
    csvLine(['Review every (months)', '', '6', 'A date in your calendar, not a reaction to news']),
  ]);
}

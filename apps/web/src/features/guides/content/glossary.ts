export interface GlossaryTerm {
  term: string;
  definition: string;
}

/**
 * docs/PRODUCT.md §3.8, Market Glossary: 31 terms; the page shows them sorted alphabetically.
 */
export const glossaryTerms: readonly GlossaryTerm[] = [
  {
    term: 'Bull Market',
    definition:
      'A period in which prices rise broadly, usually by 20% or more from a recent low, with investors expecting further gains.',
  },
  {
    term: 'Bear Market',
    definition:
      'A period in which prices fall 20% or more from a recent high, usually alongside widespread pessimism.',
  },
  {
    term: 'Dividend',
    definition:
      'A share of a company’s profits paid to its shareholders, usually in cash and on a regular schedule.',
  },
  {
    term: 'Diversification',
    definition:
      'Spreading money across different assets, sectors and regions so that no single investment can do too much damage.',
  },
  {
    term: 'ETF (Exchange-Traded Fund)',
    definition:
      'A fund that holds a basket of securities, such as an index, and trades on an exchange like a single stock.',
  },
  {
    term: 'Market Capitalization',
    definition:
      'The total value of a company’s shares: the share price multiplied by the number of shares outstanding.',
  },
  {
    term: 'P/E Ratio',
    definition:
      'Price-to-earnings ratio: the share price divided by earnings per share, a common measure of how richly a stock is valued.',
  },
  {
    term: 'Volatility',
    definition:
      'How sharply and how often a price moves up and down. Higher volatility means larger swings and more risk.',
  },
  {
    term: 'Bid-Ask Spread',
    definition:
      'The gap between the highest price a buyer is offering (the bid) and the lowest price a seller will accept (the ask). Buying at the ask and selling at the bid costs the spread.',
  },
  {
    term: 'Expense Ratio',
    definition:
      'The yearly fee a fund charges, as a percentage of the money invested in it, taken from the fund’s assets rather than billed to you.',
  },
  {
    term: 'Limit Order',
    definition:
      'An order to buy at no more than, or sell at no less than, a price you set. It may fill only in part, or not at all.',
  },
  {
    term: 'Market Order',
    definition:
      'An order to buy or sell at once at the best price available. It almost always fills, but the price is not fixed in advance.',
  },
  {
    term: 'Volume',
    definition:
      'The number of shares traded in a period, such as a day. Heavy volume shows that many buyers and sellers took part in a move.',
  },
  {
    term: 'Rebalancing',
    definition:
      'Buying and selling to bring a portfolio back to its intended split between investments after price moves have changed it.',
  },
  {
    term: 'Dollar-Cost Averaging',
    definition:
      'Investing a fixed amount at regular intervals whatever the price, so that more shares are bought when prices are low and fewer when they are high.',
  },
  {
    term: 'Time-Weighted Return',
    definition:
      'A return that chains the results of the periods between deposits and withdrawals, so it measures how the investments performed regardless of when money was added or taken out.',
  },
  {
    term: 'Money-Weighted Return',
    definition:
      'The single yearly rate that turns every deposit and withdrawal, on its date, into the ending value (often computed with XIRR). It reflects the timing and size of your own cash flows.',
  },
  {
    term: 'Index',
    definition:
      'A defined list of securities with a rule for combining their prices into one number, used to measure how a group of investments has moved. It cannot be bought directly.',
  },
  {
    term: 'Index Fund',
    definition:
      'A fund that holds the members of an index in the index’s proportions, so that its value follows the index, less its costs.',
  },
  {
    term: 'NAV (Net Asset Value)',
    definition:
      'A fund’s holdings and cash minus what it owes, divided by the number of its shares: what one fund share is worth from its contents.',
  },
  {
    term: 'Tax-Advantaged Account',
    definition:
      'An account such as an IRA or a 401(k) whose investments grow without yearly tax on dividends or gains, in exchange for limits on contributions and rules on withdrawals.',
  },
  {
    term: 'Cost Basis',
    definition:
      'What an investment cost you for tax and gain purposes: usually the price paid plus fees, adjusted for events such as splits. A gain or loss is measured from it.',
  },
  {
    term: 'Wash Sale',
    definition:
      'A sale at a loss followed or preceded within 30 days by a purchase of the same or a substantially identical security. The loss is then disallowed for now and added to the new shares’ cost basis.',
  },
  {
    term: 'Earnings Per Share (EPS)',
    definition:
      'A company’s net income divided by the number of its shares outstanding: the slice of the period’s earnings that belongs to one share.',
  },
  {
    term: 'Beta',
    definition:
      'How much a security has tended to move for each 1% move of a benchmark such as the S&P 500. A beta of 1.5 means moves about one and a half times as large, on average, in the past.',
  },
  {
    term: 'Moving Average',
    definition:
      'The average of a security’s closing prices over a set number of recent days, recalculated each day. It smooths the price line and trails it.',
  },
  {
    term: 'RSI (Relative Strength Index)',
    definition:
      'An oscillator from 0 to 100 that compares the size of recent gains with recent losses, usually over 14 days. Readings above 70 or below 30 mean gains or losses have dominated lately.',
  },
  {
    term: 'MACD (Moving Average Convergence Divergence)',
    definition:
      'The gap between a 12-day and a 26-day exponential moving average of the price, read together with its own 9-day average, the signal line. It describes momentum and lags the price.',
  },
  {
    term: 'Drawdown',
    definition:
      'A fall in value from a peak to a later low, as a percentage of the peak. The maximum drawdown is the deepest such fall over a period.',
  },
  {
    term: 'Position Sizing',
    definition:
      'Deciding by a rule set in advance how much money goes into a single investment, so that no one position can cost more than you intend.',
  },
  {
    term: 'Stop Order',
    definition:
      'An order that waits until a price you set is reached and then becomes an order to buy or sell. A stop becomes a market order, so it can fill well past its price when prices jump.',
  },
];

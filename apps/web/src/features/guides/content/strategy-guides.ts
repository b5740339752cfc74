import { coursePath, paths } from '@tickerwise/shared';
import { divideRounded } from '@tickerwise/shared/exact-money';
import { formatDollars } from '../../../lib/whole-cents.ts';
import {
  basisPoints,
  compoundYearly,
  dollarCostAveraging,
  positionSize,
  rebalance,
  recoveryGainBp,
} from '../guide-examples.ts';

export interface GuideLink {
  to: string;
  label: string;
}

export interface GuideSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** A worked example: its steps as label and figure, computed in guide-examples.ts. */
  example?: { title: string; rows: ReadonlyArray<readonly [string, string]>; note: string };
}

export interface Guide {
  path: typeof paths.strategies | typeof paths.riskManagement;
  eyebrow: string;
  title: string;
  lead: string;
  /** When the guide was written and last checked, YYYY-MM-DD. */
  published: string;
  sections: readonly GuideSection[];
  related: readonly GuideLink[];
}

/** "4.00%" from basis points; "11.11%". */
const percent = (bp: bigint, decimals = 2) => `${(Number(bp) / 100).toFixed(decimals)}%`;
/** Shares held in units of 1e-4 as text: "7.5". */
const shareText = (units: bigint) => String(Number(units) / 10_000);

const dca = dollarCostAveraging(30_000n, [5_000n, 4_000n, 6_000n, 5_000n]);
const cheapFund = compoundYearly(1_000_000n, 695, 30);
const dearFund = compoundYearly(1_000_000n, 600, 30);
const sized = positionSize(5_000_000n, 100, 4_000n, 3_600n);
const gapLossCents = sized.shares * (4_000n - 3_000n);
const mix = rebalance(10_000_000n, 6_000, 2_000, 200);
const grownProfit = compoundYearly(300n, 2_500, 3);
/** A P/E with one decimal: price over profit per share. */
const priceEarnings = (priceCents: bigint, profitCents: bigint) =>
  (Number(divideRounded(priceCents * 10n, profitCents)) / 10).toFixed(1);

export const strategiesGuide: Guide = {
  path: paths.strategies,
  eyebrow: 'Guide',
  title: 'Investment strategies: value, growth, income and index',
  lead: 'Four ways investors decide what to buy, what each asks of you, and the arithmetic behind them, with worked examples you can check.',
  published: '2026-11-27',
  sections: [
    {
      id: 'why-a-strategy',
      title: 'Why a strategy at all',
      paragraphs: [
        'A strategy is a rule you set before the market tests you. Without one, each decision is made in the mood of the day: a stock is bought because it rose last week and sold because it fell this morning. With one, you can say in a sentence why you own each holding and what would make you sell it. That sentence is worth more than any single forecast, because it keeps working when forecasts fail.',
        'None of the four strategies below is best. Each has decades of periods when it led and periods when it lagged, and each fits some people better than others. What they share is that they can be written down, followed and checked. This guide describes them as a teacher would, with numbers you can verify; it does not tell you which to follow, and nothing in it is a recommendation to buy or sell a security.',
        'The terms in this guide (price-to-earnings ratio, dividend yield, expense ratio, diversification) are defined in plain words in the Market Glossary, and the Learn area has a course on each idea, with a quiz and a step that opens the real tool.',
      ],
    },
    {
      id: 'index',
      title: 'Index investing: owning the market',
      paragraphs: [
        'An index fund buys every company of an index, such as the 500 large US companies of the S&P 500, in proportion to their size. You give up the chance of beating the market in exchange for almost certainly matching it, minus a small fee. That trade has proved hard to beat: in most long periods, the majority of funds that pick stocks have returned less than the index they are measured against, largely because of their higher costs.',
        'What index investing asks of you is patience and a tolerance for owning the market on its bad days too. When the index falls a third, so does your fund. The strategy works only for people who keep buying, or at least keep holding, through those years.',
        'The decision that matters most within this strategy is cost. A fund’s expense ratio is taken from your balance every year, whether the market rises or falls, and it compounds like a return in reverse. The example below shows how far a difference of less than one percentage point travels over a working life.',
      ],
      example: {
        title: 'Worked example: the cost of a fee over 30 years',
        rows: [
          ['Starting amount', formatDollars(1_000_000n)],
          ['Market return before fees', '7.00% a year'],
          ['After a 0.05% fee (6.95%), 30 years later', formatDollars(cheapFund)],
          ['After a 1.00% fee (6.00%), 30 years later', formatDollars(dearFund)],
          ['What the higher fee cost', formatDollars(cheapFund - dearFund)],
        ],
        note: 'Compounded once a year, each year rounded to the cent. The market return is an assumption for the arithmetic, not a forecast; try your own figures in the investment calculator.',
      },
    },
    {
      id: 'value',
      title: 'Value investing: paying less than a business is worth',
      paragraphs: [
        'A value investor looks for companies whose shares trade below what the business seems worth, on the idea that the price will in time move towards the value. The usual first screen is the price-to-earnings ratio (P/E): the share price divided by the profit per share of the last year. A low P/E means you pay little for each dollar the company earns.',
        'Turned upside down, the P/E becomes the earnings yield, the profit you buy per dollar invested. That makes comparison easier: a stock at a P/E of 20 earns 5% of its price; a bond paying 4% pays less than that profit, but pays it with more certainty. Value investors ask whether the extra yield pays them for the extra risk.',
        'A low P/E is a question, not an answer. Some companies are cheap because their profits are about to shrink: the market may be right. Value investors therefore also look at the balance sheet (debt compared with equity), whether profits turn into cash, and whether the business has a reason to last. The fundamentals checklist on every stock page in Tickerwise shows these checks with their thresholds, so you can see which ones a company passes and why.',
        'The discipline this strategy asks for is the willingness to buy what others are selling and to wait, sometimes for years, while a cheap stock stays cheap.',
      ],
      example: {
        title: 'Worked example: P/E and earnings yield',
        rows: [
          ['Share price', formatDollars(9_000n)],
          ['Profit per share, last 12 months', formatDollars(450n)],
          ['P/E (price ÷ profit per share)', priceEarnings(9_000n, 450n)],
          ['Earnings yield (profit ÷ price)', percent(basisPoints(450n, 9_000n))],
        ],
        note: 'A P/E of 20 and an earnings yield of 5% are the same fact read two ways.',
      },
    },
    {
      id: 'growth',
      title: 'Growth investing: paying up for what comes next',
      paragraphs: [
        'A growth investor buys companies whose sales and profits are rising fast, and accepts a high price today for the profits of later years. A company earning $3.00 a share at a price of $150 has a P/E of 50 and an earnings yield of only 2%. If its profit per share grows 25% a year, it reaches about $5.86 in three years, and the same $150 price would then be a P/E of about 25.6: a growth investor is betting on that arithmetic.',
        'The risk is in the word “if”. When growth slows, the high multiple often shrinks at the same time as the profits disappoint, and the price can fall much further than the profit. Growth stocks therefore tend to swing more than the market, in both directions.',
        'What growth investing asks of you is a stomach for those swings and the habit of checking the growth itself, not only the price. On a stock page, the key statistics show revenue and profit growth over one and five years, and the AI analysis’s key figures show how far the price has swung in the past year.',
      ],
      example: {
        title: 'Worked example: what growth does to a P/E',
        rows: [
          ['Share price', formatDollars(15_000n)],
          ['Profit per share today', formatDollars(300n)],
          ['P/E today', priceEarnings(15_000n, 300n)],
          ['Earnings yield today', percent(basisPoints(300n, 15_000n))],
          ['Profit per share after 3 years at +25% a year', formatDollars(grownProfit)],
          ['P/E at the same price then', priceEarnings(15_000n, grownProfit)],
        ],
        note: 'The same price looks half as expensive if the growth arrives, and far more expensive if it does not.',
      },
    },
    {
      id: 'income',
      title: 'Income investing: being paid to wait',
      paragraphs: [
        'An income investor buys companies and funds that pay a large part of their profit out as dividends, and values the cash that arrives each quarter as much as the price. The measure is the dividend yield: the dividends of a year divided by the share price.',
        'A high yield can be a warning as well as an attraction. When a company’s price falls because its business is in trouble, its yield rises, and a dividend the company cannot afford is often cut. Income investors look at the payout ratio (dividends as a share of profits): a company paying out more than it earns cannot keep doing so.',
        'Dividends are not free money: on the day a dividend is paid the share price drops by about the amount paid, and in most accounts dividends are taxed in the year they arrive. The strategy suits people who need regular cash or who find it easier to hold through falls when something is still being paid.',
      ],
      example: {
        title: 'Worked example: dividend yield and income',
        rows: [
          ['Share price', formatDollars(6_000n)],
          ['Dividends over a year', formatDollars(240n)],
          ['Dividend yield', percent(basisPoints(240n, 6_000n))],
          [
            `Income on 200 shares (${formatDollars(1_200_000n)})`,
            `${formatDollars(48_000n)} a year, ${formatDollars(12_000n)} a quarter`,
          ],
        ],
        note: 'Before tax, and only as long as the company keeps paying the same dividend.',
      },
    },
    {
      id: 'dollar-cost-averaging',
      title: 'A habit for any strategy: buying a fixed amount on a schedule',
      paragraphs: [
        'Whichever strategy you choose, you must also decide when to buy. Investing a fixed amount every month, called dollar-cost averaging, takes that decision away: you buy more shares when the price is low and fewer when it is high, so the average cost of your shares ends up below the average of the prices you paid.',
        'It does not guarantee a profit, and a lump sum invested at once has historically come out ahead more often than not, simply because markets have risen more often than they have fallen. Its value is behavioural: it turns investing into a habit and removes the temptation to wait for a better moment that may never come.',
      ],
      example: {
        title: 'Worked example: $300 a month for four months',
        rows: [
          ['Month 1 at $50.00', `${shareText(dca.shares[0]!)} shares`],
          ['Month 2 at $40.00', `${shareText(dca.shares[1]!)} shares`],
          ['Month 3 at $60.00', `${shareText(dca.shares[2]!)} shares`],
          ['Month 4 at $50.00', `${shareText(dca.shares[3]!)} shares`],
          [
            'Invested',
            `${formatDollars(dca.investedCents)} for ${shareText(dca.totalShares)} shares`,
          ],
          ['Average cost per share', formatDollars(dca.averageCostCents)],
          ['Average of the four prices', formatDollars(dca.averagePriceCents)],
        ],
        note: 'The average cost is below the average price because the cheaper months bought more shares.',
      },
    },
    {
      id: 'common-ground',
      title: 'What the four have in common',
      paragraphs: [
        'Seen side by side, the strategies differ less than their followers sometimes claim. Each one is a way of deciding what a share is worth paying for: the index investor accepts the market’s price, the value investor looks for prices below a careful estimate, the growth investor pays for profits expected later, and the income investor for cash paid now. Each can be done with discipline or without it.',
        'They also share the same enemies. High costs eat into every one of them, taxes on frequent trading do too, and so does the habit of switching strategy after a bad year, which tends to sell one approach at its low and buy another at its high. A strategy you can keep through a poor stretch will usually serve you better than a better strategy you abandon.',
        'Finally, each works best over years rather than months. Short periods are dominated by noise: a value stock can stay cheap, a growth stock can double on hope, an index can fall for a whole year. Judge your approach on a horizon that matches the reason you invest.',
      ],
    },
    {
      id: 'choosing',
      title: 'Choosing, and sticking with it',
      paragraphs: [
        'Many investors combine these strategies: an index fund as the core of the portfolio, with a smaller part for companies chosen on value, growth or income. That keeps the cost and diversification of the index while leaving room to act on your own research. Whatever the mix, write down the share each part should have and when you will review it; the investment-plan worksheet on the Portfolio Templates page has a line for each decision.',
        'Then measure honestly. Compare your own picks with the index over the same days, after fees; the Portfolio page draws your performance against SPY for exactly this reason. If your picks lag for years, that is information, not bad luck to be ignored.',
        'Finally, match the strategy to the risk you can carry. The Risk Assessment places you in one of five profiles with an example mix of stocks, bonds and cash, and the companion guide on risk management covers position sizes, drawdowns and rebalancing.',
      ],
    },
  ],
  related: [
    { to: paths.glossary, label: 'Market Glossary' },
    { to: coursePath('build-a-portfolio'), label: 'Course: Build a portfolio' },
    { to: coursePath('etfs-and-index-investing'), label: 'Course: ETFs and index investing' },
    { to: coursePath('analyse-a-company'), label: 'Course: Analyse a company' },
    { to: paths.calculator, label: 'Investment Calculator' },
    { to: paths.riskManagement, label: 'Guide: Risk management' },
  ],
};

export const riskManagementGuide: Guide = {
  path: paths.riskManagement,
  eyebrow: 'Guide',
  title: 'Risk management: position sizing, diversification and rebalancing',
  lead: 'How to decide how much to put in one investment, why losses weigh more than gains, and how to keep a portfolio at the risk you chose, with worked examples you can check.',
  published: '2026-11-27',
  sections: [
    {
      id: 'what-risk-is',
      title: 'What risk means for an investor',
      paragraphs: [
        'In everyday speech risk means the chance of something bad happening. For an investor it has two faces. The first is volatility: how far and how fast prices swing. The second, which matters more, is the chance of a loss you cannot recover from in the time you have, or a loss that makes you sell at the bottom.',
        'You cannot remove risk from investing; the returns of stocks are in large part a payment for bearing it. What you can do is choose how much of it you carry, spread it so that no single mistake is fatal, and decide in advance what you will do when prices fall. This guide covers the tools for each, with arithmetic you can verify. It explains ideas; it is not advice about any security or about your own situation.',
        'The terms used here (volatility, drawdown, diversification, asset allocation, stop order) are defined in the Market Glossary, and the Manage risk course in the Learn area teaches each with a quiz.',
      ],
    },
    {
      id: 'losses',
      title: 'Why losses weigh more than gains',
      paragraphs: [
        'A loss and an equal gain do not cancel out. If an investment falls 50%, it must then double, a gain of 100%, to return to where it began. The deeper the fall, the steeper the climb back. That asymmetry is the reason risk management focuses on avoiding large losses rather than on catching every gain.',
        'The largest fall from a peak to a later low is called the maximum drawdown. Every stock page in Tickerwise shows the deepest fall of the past year with the days it ran between, and the screener can filter on it. Looking at it before you buy tells you what holding the stock has actually felt like.',
      ],
      example: {
        title: 'Worked example: the gain that undoes a loss',
        rows: [
          ['A 10% loss needs a gain of', percent(recoveryGainBp(1_000))],
          ['A 20% loss needs a gain of', percent(recoveryGainBp(2_000))],
          ['A 50% loss needs a gain of', percent(recoveryGainBp(5_000))],
        ],
        note: 'The gain needed is the loss divided by what is left: 0.20 ÷ 0.80 = 25%.',
      },
    },
    {
      id: 'position-sizing',
      title: 'Position sizing: deciding how much before deciding what',
      paragraphs: [
        'The size of a position, not the choice of stock, decides how much one mistake can cost. A common method starts from the loss you accept on a single idea, often 1% or 2% of the account, and works backwards. You decide the price at which the idea is proven wrong (where you would sell), and the distance between your entry price and that exit tells you how many shares the accepted loss allows.',
        'The method has a known limit. A stop order becomes a market order once its price is reached, and a share can open well below it after bad news overnight: the loss is then larger than planned. That is why the accepted loss is kept small, and why position size is the first line of defence and the stop only the second.',
        'Position sizing also protects the decisions that follow. After a small loss you can think clearly about the next trade; after a large one, most people either freeze or take a bigger risk to win it back.',
        'A stop is also a decision about noise. Set too close to the entry, ordinary daily swings reach it and sell a holding that was doing nothing wrong; set too far, it allows a loss larger than the idea deserved. Many investors place it beyond a level the price has recently held, or at a multiple of the stock’s usual daily move, and then size the position so that the distance to the stop costs no more than the accepted loss. Long-term investors in broad funds often use no stop at all, and rely on allocation and rebalancing instead; that is a choice too, and it works only if the allocation is one they can hold through a deep fall.',
      ],
      example: {
        title: 'Worked example: sizing a position from 1% of the account',
        rows: [
          ['Account', formatDollars(5_000_000n)],
          ['Accepted loss on this idea (1%)', formatDollars(sized.riskCents)],
          ['Entry price and exit price', `${formatDollars(4_000n)} and ${formatDollars(3_600n)}`],
          ['Loss per share if the exit is reached', formatDollars(sized.perShareCents)],
          ['Shares (accepted loss ÷ loss per share)', String(sized.shares)],
          ['Size of the position', `${formatDollars(sized.positionCents)}, 10% of the account`],
          [
            'If the share opens at $30.00 instead',
            `a loss of ${formatDollars(gapLossCents)}, 2.5% of the account`,
          ],
        ],
        note: 'Whole shares, rounded down so the planned loss is never exceeded at the exit price.',
      },
    },
    {
      id: 'volatility',
      title: 'Volatility: how far prices swing',
      paragraphs: [
        'Volatility measures how much a price moves around its average path. It is usually given as an annualised standard deviation of daily returns: a stock with a volatility of 30% has, in a typical year, moved within about 30% either side of its trend, and in a rough year much further. A broad index fund is often between 15% and 20%, a single large company between 20% and 40%, and a young company more.',
        'Volatility is not the same as risk of permanent loss: a fund can swing a lot and still recover, while a company can look calm right up until it fails. But it is a good guide to the ride you are signing up for, and to how large a position you can hold without losing sleep. The key figures of every stock page show the 30-day volatility, and the screener can filter on it, so you can compare a stock’s swings with the market’s before you buy.',
        'A useful habit is to translate volatility into money. If a position of $10,000 has a volatility of 40%, a year in which it falls $4,000 is not unusual. If that figure would make you sell, the position is too large for you, whatever its prospects.',
      ],
    },
    {
      id: 'diversification',
      title: 'Diversification: no single failure is fatal',
      paragraphs: [
        'Diversification means owning investments that do not all fall for the same reason at the same time. With twenty equal positions, a company that goes bankrupt costs 5% of the portfolio; with one position at 40% of the portfolio, a fall of half in that one stock costs 20%. The same bad news, very different outcomes.',
        'Owning many stocks of one industry is less diverse than it looks: they tend to fall together. Spreading across sectors, company sizes and kinds of asset (stocks, bonds and cash) does more. A broad index fund gives hundreds of companies in one purchase, which is why many investors hold one as the core of their portfolio.',
        'The Portfolio page shows your allocation by holding, by sector and by type, so you can see at a glance whether one name or one industry has grown to dominate.',
      ],
    },
    {
      id: 'allocation',
      title: 'Asset allocation: the decision that sets your risk',
      paragraphs: [
        'Asset allocation is the split of your portfolio between stocks, bonds and cash. It decides most of how much your portfolio swings. Stocks have the highest expected return and the deepest falls; high-quality bonds usually fall less, and sometimes rise when stocks fall; cash barely moves but loses value to inflation over long periods.',
        'The right split depends on when you need the money, how steady your income is, whether you have an emergency fund, and how you react to losses. The Risk Assessment asks ten questions about these and places you in one of five profiles, from Conservative to Aggressive, each with an example mix for learning and that mix’s worst calendar year in our price history.',
      ],
    },
    {
      id: 'rebalancing',
      title: 'Rebalancing: keeping the risk you chose',
      paragraphs: [
        'Markets move the parts of a portfolio at different speeds, so a mix drifts away from its target. After a strong year for stocks, a 60/40 portfolio may hold much more in stocks than you chose, and with it more risk than you meant to carry. Rebalancing sells some of what grew and buys what lagged, bringing the mix back.',
        'There are two common rules: rebalance on a date (once or twice a year) or when a part drifts more than a set distance from its target, such as five percentage points. Either works; what matters is that the rule is set in advance, so that rebalancing is not a decision made in the excitement of a rising market or the fear of a falling one. Note that selling in a taxable account can create a tax bill; new contributions directed to the part that lags rebalance without selling.',
      ],
      example: {
        title: 'Worked example: rebalancing a 60/40 portfolio',
        rows: [
          [
            'Start: stocks and bonds',
            `${formatDollars(6_000_000n)} and ${formatDollars(4_000_000n)}`,
          ],
          [
            'Stocks gain 20%, bonds 2%',
            `${formatDollars(mix.stocks)} and ${formatDollars(mix.bonds)}`,
          ],
          [
            'Total and share in stocks',
            `${formatDollars(mix.total)}, ${percent(mix.stocksShareBp)} in stocks`,
          ],
          ['Sell stocks, buy bonds', formatDollars(mix.sellStocksCents)],
          [
            'After rebalancing',
            `${formatDollars(mix.stocksAfter)} and ${formatDollars(mix.bondsAfter)} (60/40)`,
          ],
        ],
        note: 'Before any trading costs or taxes.',
      },
    },
    {
      id: 'safety-net',
      title: 'Cash and the safety net',
      paragraphs: [
        'Before any of the above, most personal-finance teaching puts an emergency fund: several months of expenses in cash or an account you can reach at once. It is not an investment decision so much as what makes investment decisions possible. Without it, a lost job or a broken boiler can force you to sell investments at whatever price the market offers that week, which may be the worst week of the decade.',
        'The same logic applies to money you will need soon. Money for a house deposit next year or school fees the year after does not belong in stocks, however good the outlook, because there may not be time to recover from a fall. The Risk Assessment asks about both, your safety net and your time horizon, because they matter as much as your taste for risk.',
      ],
    },
    {
      id: 'behaviour',
      title: 'The risk in the mirror',
      paragraphs: [
        'The largest risk for many investors is their own reaction. Selling after a fall locks in the loss and often misses the recovery; buying more of what has risen fastest piles risk on top of risk; checking prices every hour turns normal noise into alarm. Rules written in calm times are the defence: a position size, an allocation, a rebalancing rule, and a date to review them.',
        'Alerts can help here. Rather than watching the screen, set a price alert at the level where your plan says to act, and let the alert bring you back to the decision you already made. Then, when it fires, follow the plan you wrote, not the headline of the day.',
      ],
    },
  ],
  related: [
    { to: paths.glossary, label: 'Market Glossary' },
    { to: coursePath('manage-risk'), label: 'Course: Manage risk' },
    { to: coursePath('build-a-portfolio'), label: 'Course: Build a portfolio' },
    { to: paths.riskAssessment, label: 'Risk Assessment' },
    { to: paths.templates, label: 'Investment-plan worksheet' },
    { to: paths.strategies, label: 'Guide: Investment strategies' },
  ],
};

// The rating's and the checklist's names, apart from analysis.ts's schemas: the public
// feature page's live example draws them without loading zod (ADR 77).

/** TradingView's five rating names, weakest first. */
export const ratingLabels = ['strong_sell', 'sell', 'neutral', 'buy', 'strong_buy'] as const;
export type RatingLabel = (typeof ratingLabels)[number];

export const ratingLabelText: Record<RatingLabel, string> = {
  strong_sell: 'Strong Sell',
  sell: 'Sell',
  neutral: 'Neutral',
  buy: 'Buy',
  strong_buy: 'Strong Buy',
};

export const checkAreas = ['value', 'growth', 'profitability', 'health', 'dividend'] as const;
export type CheckArea = (typeof checkAreas)[number];

export const checkAreaText: Record<CheckArea, string> = {
  value: 'Value',
  growth: 'Growth',
  profitability: 'Profitability',
  health: 'Financial health',
  dividend: 'Dividend',
};

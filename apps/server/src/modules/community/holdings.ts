import { AppError } from '../../http/errors.ts';

/** The symbols a user's real portfolios hold now (never the practice portfolio). */
export type HeldSymbols = (userId: string) => Promise<ReadonlySet<string>>;

/**
 * The symbols of a new post its author says they hold, each checked against what their real
 * portfolios hold at this moment. A symbol the post does not name is refused (400), and so is
 * one they do not hold (422): a post never shows a holding the server did not see.
 */
export async function verifiedHoldings(
  heldSymbols: HeldSymbols,
  userId: string,
  postSymbols: readonly string[],
  claimed: readonly string[],
): Promise<string[]> {
  const claims = [...new Set(claimed)];
  if (claims.length === 0) return [];
  const unnamed = claims.filter((symbol) => !postSymbols.includes(symbol));
  if (unnamed.length > 0) {
    throw new AppError(
      400,
      'holding_not_in_post',
      `${unnamed.map((symbol) => `$${symbol}`).join(', ')} ${unnamed.length === 1 ? 'is' : 'are'} not named in the post. A post shows holdings only of the symbols it names.`,
      { holds: 'Only symbols the post names' },
    );
  }
  const held = await heldSymbols(userId);
  const missing = claims.filter((symbol) => !held.has(symbol));
  if (missing.length > 0) {
    throw new AppError(
      422,
      'holding_not_verified',
      `Your Tickerwise portfolios do not hold ${missing.map((symbol) => `$${symbol}`).join(', ')}, so the post cannot show ${missing.length === 1 ? 'it' : 'them'} as held. Practice portfolios do not count.`,
      { holds: 'Not in your portfolios' },
    );
  }
  // In the order the post names them.
  return postSymbols.filter((symbol) => claims.includes(symbol));
}

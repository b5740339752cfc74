import {
  cashtagsOf,
  communityRules,
  type PostInput,
  type postInputSchema,
} from '@tickerwise/shared';
import type { z } from 'zod';
import type { MarketService } from '../../market-data/index.ts';
import { refusals, smallCompanyRefusal } from './community-rules.ts';
import type { ChartSnapshots } from './post-charts.ts';
import type { NewPost } from './post-write.ts';

/**
 * A post's text checked against the symbols it names: at most 5 cashtags, each a symbol
 * Tickerwise covers (400), none a small company or a penny stock (422, saying why).
 */
export async function checkedPost(
  market: MarketService,
  input: z.output<typeof postInputSchema> | { body: string },
): Promise<NewPost> {
  const symbols = cashtagsOf(input.body);
  if (symbols.length > communityRules.cashtagsPerPost) throw refusals.tooManyCashtags();
  const unknown = await market.unknownSymbols(symbols);
  if (unknown.length > 0) throw refusals.unknownSymbols(unknown);
  // Only the price and market value a stock record shows: the rule reads no more of it.
  const figures = await Promise.all(symbols.map((symbol) => market.priceAndMarketCap(symbol)));
  for (const symbolFigures of figures) {
    const refusal = smallCompanyRefusal(symbolFigures);
    if (refusal) throw refusals.smallCompany(refusal);
  }
  const { sentiment = null, paid = false } = input as Partial<PostInput>;
  return { body: input.body, sentiment, paid, symbols };
}

/**
 * The post with its chart snapshot, when one was asked for: of a symbol the post names (so the
 * small-company rule and the pump guard see it too), drawn from our stored closes now.
 */
export async function withChart(
  post: NewPost,
  chart: z.output<typeof postInputSchema>['chart'],
  snapshots: ChartSnapshots,
): Promise<NewPost> {
  if (chart === null) return post;
  if (!post.symbols.includes(chart.symbol)) throw refusals.chartSymbolNotNamed(chart.symbol);
  return { ...post, chart: await snapshots(chart.symbol, chart.range) };
}

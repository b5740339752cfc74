import type { Config } from '../src/config.ts';
import { type FakeEdgar, startFakeEdgar } from './fake-edgar.ts';
import { type FakeFinnhub, type FakeNewsItem, startFakeFinnhub } from './fake-finnhub.ts';
import { type ChatRequest, type FakeLlm, startFakeLlm } from './fake-llm.ts';
import type { TestClock } from './test-clock.ts';

/** A Monday, 11:00 in New York: the market is open. The headlines below are of that day. */
export const summaryMorning = new Date('2026-03-16T15:00:00Z');

/** A Finnhub `/company-news` item from Reuters, published at `iso`. */
export function headline(
  symbol: string,
  id: number,
  iso: string,
  text: string,
  summary: string,
): FakeNewsItem {
  return {
    category: 'company',
    datetime: Math.floor(Date.parse(iso) / 1000),
    headline: text,
    id,
    image: '',
    related: symbol,
    source: 'Reuters',
    summary,
    url: `https://www.reuters.com/markets/story-${id}`,
  };
}

/** Apple's headline of the morning. */
export const appleEventHeadline = headline(
  'AAPL',
  1,
  '2026-03-16T12:30:00Z',
  'Apple unveils a cheaper iPhone at its spring event',
  'Apple introduced a lower-priced iPhone and said orders open on Friday.',
);

/** Microsoft's headline of the morning. */
export const microsoftPricesHeadline = headline(
  'MSFT',
  11,
  '2026-03-16T12:00:00Z',
  'Microsoft raises cloud prices',
  'Microsoft said Azure prices rise in May.',
);

/**
 * The outside services of the summary suites, as one set: Finnhub (quotes and
 * `/company-news`), EDGAR (submissions JSON and the archive's documents) and an
 * OpenAI-compatible model.
 */
export interface SummaryFakes {
  finnhub: FakeFinnhub;
  edgar: FakeEdgar;
  llm: FakeLlm;
  /** An instance's settings for the fakes: market data and news, filings, the model. */
  config: Required<Pick<Config, 'market' | 'filings' | 'analyst'>>;
  /**
   * Each test's start: two minutes on, the same New York morning (Finnhub's call budget, a
   * minute's calls, has room again for the next symbols), and a model that answers `reply`,
   * with no request recorded yet.
   */
  beginTest(reply: string | ((request: ChatRequest) => string)): void;
  stop(): Promise<void>;
}

/**
 * Starts the fakes; Finnhub and EDGAR count their call limits on `clock`, the one the suite's
 * server counts its budgets on, so a quick machine is not refused what the server allowed.
 */
export async function startSummaryFakes(clock: TestClock): Promise<SummaryFakes> {
  const now = () => clock().getTime();
  const finnhub = await startFakeFinnhub({ now });
  const edgar = await startFakeEdgar({ now });
  const llm = await startFakeLlm();
  return {
    finnhub,
    edgar,
    llm,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
      filings: { provider: 'edgar', baseUrl: edgar.url, archiveBaseUrl: edgar.url },
      analyst: {
        model: { baseUrl: llm.url, apiKey: llm.apiKey, model: llm.model },
        timeoutMs: 1_500,
        concurrentCalls: 16,
        concurrentCallsPerUser: 2,
      },
    },
    beginTest(reply) {
      clock.set(new Date(now() + 2 * 60_000));
      llm.behave({ kind: 'answer' });
      llm.requests.length = 0;
      llm.reply(reply);
    },
    async stop() {
      await finnhub.close();
      await edgar.close();
      await llm.close();
    },
  };
}

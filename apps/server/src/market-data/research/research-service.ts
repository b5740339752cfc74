import type {
  EarningsDate,
  EarningsResponse,
  EarningsResult,
  Filing,
  FilingsResponse,
  NewsItem,
  NewsResponse,
  ResearchSource,
  ResearchStatus,
} from '@tickerwise/shared';
import { addDays } from '../calendar/days.ts';
import { newYorkTime } from '../calendar/market-calendar.ts';
import { isoDate } from '../calendar/market-days.ts';
import { secCik } from '../reference/universe.ts';
import type { Security } from '../symbols/service.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import { UpstreamError } from '../upstream/upstream.ts';
import { type ExhibitText, type FilingTextSection, filingSections } from './filing-text.ts';
import { KeptAnswers, type KeptRead } from './kept-answers.ts';
import type { EarningsProvider, FilingsProvider, NewsProvider } from './providers.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** News of the last week. */
const newsDays = 7;
/** Earnings scheduled within 90 days. */
const earningsAheadDays = 90;
const newsShown = 20;
const filingsShown = 20;
const earningsShown = 8;
/** Characters of a filing's main document read, from its start (a 10-K's text runs to ~400,000). */
const filingTextRead = 800_000;
/** A filing's text sections kept per filing, for the summaries (a filing never changes). */
const filingSectionsKept = 100;

export interface ResearchServiceOptions {
  /** Null when the server runs offline (no Finnhub): no news is offered. */
  news: NewsProvider | null;
  earnings: EarningsProvider | null;
  /** Null when EDGAR is not used (offline by default). */
  filings: FilingsProvider | null;
  /** The Finnhub budget the quotes and company data share. */
  finnhubBudget: CallBudget;
  /** EDGAR's own budget. */
  edgarBudget: CallBudget;
  now: () => number;
  log: MarketLog;
  upstreamTimeoutMs?: number;
  /** Symbols kept per kind of answer (default 2,000). */
  maxEntries?: number;
}

interface Earnings {
  next: EarningsDate | null;
  history: EarningsResult[];
}

const noCalls = () => new UpstreamError('rate_limited', 'no calls left in the budget');

/**
 * News, earnings and filings of a stock, each from its source at most once per symbol per
 * hour (news, filings) or six hours (earnings) for all readers together, within the
 * provider's call budget; when the source fails or the budget is spent, the last answer is
 * served with its date (`stale`), or an honest "unavailable". Never throws for the source.
 */
export class ResearchService {
  private readonly newsKept: KeptAnswers<NewsItem[]>;
  private readonly earningsKept: KeptAnswers<Earnings>;
  private readonly filingsKept: KeptAnswers<Filing[]>;
  private readonly sectionsKept: KeptAnswers<FilingTextSection[]>;
  private readonly timeoutMs: number;

  constructor(private readonly options: ResearchServiceOptions) {
    const { now, log } = options;
    const maxEntries = options.maxEntries ?? 2_000;
    const retryMs = 5 * 60_000;
    this.newsKept = new KeptAnswers<NewsItem[]>({
      what: 'company news',
      freshMs: hourMs,
      retryMs,
      maxEntries,
      now,
      log,
    });
    this.earningsKept = new KeptAnswers<Earnings>({
      what: 'earnings',
      freshMs: 6 * hourMs,
      retryMs,
      maxEntries,
      now,
      log,
    });
    this.filingsKept = new KeptAnswers<Filing[]>({
      what: 'filings',
      freshMs: hourMs,
      retryMs,
      maxEntries,
      now,
      log,
    });
    this.sectionsKept = new KeptAnswers<FilingTextSection[]>({
      what: 'filing text',
      freshMs: 30 * dayMs,
      retryMs: 60_000,
      maxEntries: filingSectionsKept,
      now,
      log,
    });
    this.timeoutMs = options.upstreamTimeoutMs ?? 5_000;
  }

  /**
   * The text sections of one of the symbol's listed filings (`filingSections`), at most
   * `maxChars` in all, read from EDGAR's archive once per filing for every reader; for an 8-K
   * its press releases too (`pressReleases`). Null when EDGAR could not be reached for the
   * main document or is out of calls (nothing kept).
   */
  async filingText(filing: Filing, maxChars: number): Promise<FilingTextSection[] | null> {
    const provider = this.options.filings;
    if (!provider) return null;
    const read = await this.sectionsKept.read(filing.accessionNumber, async () => {
      if (!(await this.options.edgarBudget.tryTake())) throw noCalls();
      // A large document takes longer than a JSON answer: twice the usual time.
      const signal = AbortSignal.timeout(this.timeoutMs * 2);
      const text = await provider.documentText(filing, filingTextRead, signal);
      const exhibits =
        filing.form === '8-K' ? await this.pressReleases(provider, filing, maxChars) : [];
      return filingSections(filing.form, text, maxChars, exhibits);
    });
    return read.kept?.value ?? null;
  }

  /**
   * The texts of an 8-K's exhibits 99, as its index headers declare them, each read within
   * EDGAR's budget and at most `maxChars` characters (no more can be given to the model). An
   * index or an exhibit that cannot be read leaves it out: the items are summarised alone,
   * as they were before exhibits were read, and the log says why.
   */
  private async pressReleases(
    provider: FilingsProvider,
    filing: Filing,
    maxChars: number,
  ): Promise<ExhibitText[]> {
    const skipped = (what: string, error: unknown) => {
      this.options.log.warn(
        {
          event: 'filing_exhibit_skipped',
          accessionNumber: filing.accessionNumber,
          what,
          error: String(error),
        },
        'An 8-K’s index or exhibit could not be read: its items are summarised without it',
      );
      return null;
    };
    const { edgarBudget } = this.options;
    if (!(await edgarBudget.tryTake())) return skipped('index', noCalls()) ?? [];
    const listed = await provider
      .pressReleases(filing, this.signal())
      .catch((error: unknown) => skipped('index', error));
    if (!listed) return [];
    const texts = await Promise.all(
      listed.map(async (exhibit) => {
        if (!(await edgarBudget.tryTake())) return skipped(exhibit.document, noCalls());
        try {
          const signal = AbortSignal.timeout(this.timeoutMs * 2);
          const text = await provider.documentText(filing, maxChars, signal, exhibit.document);
          return { type: exhibit.type, description: exhibit.description, text };
        } catch (error) {
          return skipped(exhibit.document, error);
        }
      }),
    );
    return texts.filter((text): text is ExhibitText => text !== null);
  }

  async news(security: Security): Promise<NewsResponse> {
    const { symbol } = security;
    const provider = this.options.news;
    if (!provider) {
      return notOffered(
        symbol,
        'Company news comes from Finnhub. This server runs offline on simulated prices, so it shows no headlines.',
        { items: [] },
      );
    }
    const read = await this.newsKept.read(symbol, async () => {
      if (!(await this.options.finnhubBudget.tryTake())) throw noCalls();
      const to = isoDate(this.options.now());
      const from = isoDate(this.options.now() - newsDays * dayMs);
      const items = await provider.companyNews(symbol, from, to, this.signal());
      return items.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, newsShown);
    });
    return {
      ...answered(symbol, 'finnhub', read, 'Finnhub', 'headlines'),
      items: read.kept?.value ?? [],
    };
  }

  /** Whether this server has an earnings source (offline it has none). */
  get offersEarnings(): boolean {
    return this.options.earnings !== null;
  }

  async earnings(security: Security): Promise<EarningsResponse> {
    const { symbol } = security;
    const provider = this.options.earnings;
    if (security.type === 'etf') {
      return notOffered(symbol, `${symbol} is a fund: funds report no earnings.`, {
        next: null,
        history: [],
      });
    }
    if (!provider) {
      return notOffered(
        symbol,
        'Earnings dates and results come from Finnhub. This server runs offline on simulated prices, so it shows none.',
        { next: null, history: [] },
      );
    }
    const read = await this.earningsKept.read(symbol, async () => {
      const budget = this.options.finnhubBudget;
      // Two calls (calendar and history): take both from the budget or make neither.
      if (!(await budget.tryTake(0, 2))) throw noCalls();
      const today = this.today();
      const ahead = addDays(today, earningsAheadDays);
      const [calendar, history] = await Promise.all([
        provider.calendar(symbol, today, ahead, this.signal()),
        provider.history(symbol, this.signal()),
      ]);
      const next =
        calendar
          .filter((entry) => entry.date >= today)
          .sort((a, b) => a.date.localeCompare(b.date))[0] ?? null;
      return {
        next,
        history: history.sort((a, b) => b.period.localeCompare(a.period)).slice(0, earningsShown),
      };
    });
    const today = this.today();
    const kept = read.kept?.value;
    return {
      ...answered(symbol, 'finnhub', read, 'Finnhub', 'earnings figures'),
      // A date kept from earlier that has passed is no longer "next".
      next: kept?.next && kept.next.date >= today ? kept.next : null,
      history: kept?.history ?? [],
    };
  }

  async filings(security: Security): Promise<FilingsResponse> {
    const { symbol } = security;
    const provider = this.options.filings;
    const cik = security.type === 'stock' ? secCik(symbol) : undefined;
    if (!cik) {
      return notOffered(
        symbol,
        security.type === 'etf'
          ? `${symbol} is a fund: funds do not file 10-K, 10-Q or 8-K reports.`
          : `No SEC filer number is on file for ${symbol}, so its filings are not listed.`,
        { cik: null, items: [] },
      );
    }
    if (!provider) {
      return notOffered(
        symbol,
        'Filings come from SEC EDGAR, which this server does not reach: it runs offline.',
        { cik, items: [] },
      );
    }
    const read = await this.filingsKept.read(symbol, async () => {
      if (!(await this.options.edgarBudget.tryTake())) throw noCalls();
      const filings = await provider.filings(cik, this.signal());
      return filings.sort((a, b) => b.filedOn.localeCompare(a.filedOn)).slice(0, filingsShown);
    });
    return {
      ...answered(symbol, 'sec_edgar', read, 'SEC EDGAR', 'filings'),
      cik,
      items: read.kept?.value ?? [],
    };
  }

  /** Today in New York: a report of today is still "next" until the day is over there. */
  today(): string {
    return newYorkTime(this.options.now()).date;
  }

  private signal(): AbortSignal {
    return AbortSignal.timeout(this.timeoutMs);
  }
}

/** An answer for a symbol this source does not cover: no source, no date, `empty` content. */
export function notOffered<T extends object>(symbol: string, message: string, empty: T) {
  return {
    symbol,
    source: null,
    asOf: null,
    status: 'not_offered' as const,
    message,
    ...empty,
  };
}

function answered(
  symbol: string,
  source: ResearchSource,
  read: KeptRead<unknown>,
  name: string,
  what: string,
): {
  symbol: string;
  source: ResearchSource;
  asOf: string | null;
  status: ResearchStatus;
  message: string | null;
} {
  const asOf = read.kept ? new Date(read.kept.fetchedAt).toISOString() : null;
  if (read.fresh) return { symbol, source, asOf, status: 'ok', message: null };
  if (read.kept) {
    return {
      symbol,
      source,
      asOf,
      status: 'stale',
      message: `${name} could not be reached just now, so these ${what} are as of the time shown.`,
    };
  }
  return {
    symbol,
    source,
    asOf: null,
    status: 'unavailable',
    message: `${name} could not be reached for ${symbol}’s ${what}. Please try again in a few minutes.`,
  };
}

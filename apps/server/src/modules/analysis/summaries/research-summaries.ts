import {
  type CitedHeadline,
  type Filing,
  type FilingSection,
  type FilingSummary,
  type FilingsResponse,
  investmentDisclaimer,
  type MarketDataAccess,
  type NewsResponse,
  type Stock,
  type WhyItMoved,
} from '@tickerwise/shared';
import { AppError } from '../../../http/errors.ts';
import type { AnalysisEntitlements, Credits, Member } from '../analysis-service.ts';
import { citedSentences, NotInSourcesError } from './cited-sentences.ts';
import { ModelFailedError, type SummaryDesk, type SummaryOutcome } from './summary-desk.ts';
import {
  filingSummaryLength,
  filingSummaryMessages,
  whyItMovedLength,
  whyItMovedMessages,
} from './summary-prompts.ts';

/** A stock as the summaries read it. */
export interface SummarySecurity {
  symbol: string;
  name: string;
}

/** A text section of a filing, as read from EDGAR's archive. */
interface FilingText {
  title: string;
  text: string;
  cut: boolean;
}

/** The research the summaries read (the market-data area's, in their own terms). */
interface SummarySources<S extends SummarySecurity> {
  /** 404 for a symbol the app does not serve. */
  security(symbol: string): Promise<S>;
  /** The stock as its page shows it to `viewer` (the same quote, the same day's change). */
  stock(viewer: MarketDataAccess, symbol: string): Promise<Stock>;
  news(security: S): Promise<NewsResponse>;
  filings(security: S): Promise<FilingsResponse>;
  /** A listed filing's text sections, at most `maxChars` in all; null when EDGAR failed. */
  filingText(filing: Filing, maxChars: number): Promise<FilingText[] | null>;
  /** The New York day of an instant (YYYY-MM-DD). */
  newYorkDay(ms: number): string;
  /** The trading day a price taken at `ms` belongs to (the last session outside one). */
  tradingDay(ms: number): string;
}

interface ResearchSummariesOptions<S extends SummarySecurity> {
  sources: SummarySources<S>;
  entitlements: AnalysisEntitlements;
  /** Null without a language model: there are no summaries, and nothing is charged. */
  headlineDesk: SummaryDesk<CitedHeadline[]> | null;
  filingDesk: SummaryDesk<FilingSection[]> | null;
  /** The language model's name, shown with what it wrote. */
  modelName: string | null;
  now: () => number;
  log: { warn(details: object, message: string): void };
}

/** Headlines of the day given to the model at most, newest first. */
const headlinesRead = 12;
/** Characters of a headline's summary given to the model. */
const headlineSummaryChars = 300;
/** Characters of a filing's text given to the model, all sections together. */
const filingCharsRead = 12_000;
/** A cited headline and its publisher as kept with a summary, at most (Finnhub's run far shorter). */
const citedHeadlineChars = 500;
const citedPublisherChars = 100;
const citedUrlChars = 2_048;
const dayMs = 86_400_000;

const unavailableText = {
  timeout:
    'The language model took too long to write the summary, so none is shown. No AI credit was used; please try again in a few minutes.',
  model_error:
    'The language model could not be reached, so no summary was written. No AI credit was used; please try again in a few minutes.',
};

/**
 * "Why it moved" and filing summaries (docs/PRODUCT.md §3.13): a language model summarises
 * the day's headlines of a stock, or the text sections of a 10-K, 10-Q or 8-K, every sentence
 * citing what it rests on and checked against it; a summary that says what its sources do not
 * is refused. Reading is free; writing one costs the writer's request one AI credit (kept only
 * when the summary is served), once per symbol and day, or per filing, for every reader.
 */
export class ResearchSummaries<S extends SummarySecurity> {
  constructor(private readonly options: ResearchSummariesOptions<S>) {}

  async whyItMoved(member: Member, symbol: string, write: boolean): Promise<WhyItMoved> {
    const { sources, entitlements, headlineDesk } = this.options;
    const security = await sources.security(symbol);
    const stock = await sources.stock(await entitlements.marketData(member), security.symbol);
    // The session the quote belongs to: on a weekend or before the bell, the last one, whose
    // close is the price shown (the page's headline says the same day).
    const day = sources.tradingDay(Date.parse(stock.asOf));
    const news = await sources.news(security);
    const items = news.items
      .filter((item) => sources.newYorkDay(Date.parse(item.publishedAt)) === day)
      // A link longer than any a browser takes is not one to cite (and not one to keep).
      .filter((item) => item.url.length <= citedUrlChars)
      .slice(0, headlinesRead);
    // Bounded as they are kept with the summary (ADR 81): a headline is a line, not an article.
    const cited: CitedHeadline[] = items.map(({ headline, publisher, url, publishedAt }) => ({
      headline: headline.slice(0, citedHeadlineChars),
      publisher: publisher.slice(0, citedPublisherChars),
      url,
      publishedAt,
    }));
    const base = {
      symbol: security.symbol,
      day,
      move: {
        changePercent: stock.change,
        price: stock.price,
        source: stock.source,
        delayed: stock.delayed,
        delayMinutes: stock.delayMinutes,
        asOf: stock.asOf,
        stale: stock.stale,
      },
      newsSource: news.source,
      newsAsOf: news.asOf,
      disclaimer: investmentDisclaimer,
    };
    if (!headlineDesk) {
      return {
        ...base,
        ...noModel('“Why it moved” is written by a language model'),
        sources: cited,
      };
    }
    const key = { kind: 'why_it_moved' as const, symbol: security.symbol, subject: day };
    const noSources = async () => ({
      ...base,
      ...(await this.unwritten(member, 'no_sources', noHeadlines(security.symbol, day, news))),
      sources: cited,
    });
    const kept = await headlineDesk.read(key);
    // Nothing to summarise on any plan: said as it is, before any talk of plans.
    if (items.length === 0 && !kept) return noSources();
    await entitlements.requireEntitlement(member, 'aiAnalysis');
    if (kept) return { ...base, ...(await this.shown(member, kept, false)) };
    if (items.length === 0) return noSources();
    if (!write) {
      return {
        ...base,
        ...(await this.unwritten(
          member,
          'not_written',
          `A summary of the day’s ${items.length === 1 ? 'headline' : `${items.length} headlines`} uses 1 AI credit; reading it again is free.`,
        )),
        sources: cited,
      };
    }
    const written = await headlineDesk.outcome(member, key, dayMs, async (callModel) =>
      this.written(cited, security, async () => {
        const run = await callModel(
          whyItMovedMessages(
            security,
            day,
            items.map((item) => ({
              headline: item.headline,
              publisher: item.publisher,
              summary: item.summary.slice(0, headlineSummaryChars),
            })),
          ),
          whyItMovedLength,
        );
        return {
          run,
          texts: items.map(
            (item) =>
              `${item.headline} ${item.publisher} ${item.summary.slice(0, headlineSummaryChars)}`,
          ),
        };
      }),
    );
    if (!written) {
      return { ...base, ...(await this.stillWriting(member, 'This summary')), sources: cited };
    }
    return { ...base, ...(await this.shown(member, written.outcome, written.charged)) };
  }

  async filingSummary(
    member: Member,
    symbol: string,
    accession: string,
    write: boolean,
  ): Promise<FilingSummary> {
    const { sources, entitlements, filingDesk } = this.options;
    const security = await sources.security(symbol);
    const filings = await sources.filings(security);
    const filing = filings.items.find((item) => item.accessionNumber === accession);
    if (!filing) {
      throw new AppError(
        404,
        'filing_not_found',
        filings.status === 'ok' || filings.status === 'stale'
          ? `No 10-K, 10-Q or 8-K with the accession number ${accession} is listed for ${security.symbol}.`
          : (filings.message ?? `The filings of ${security.symbol} could not be read.`),
      );
    }
    const base = {
      symbol: security.symbol,
      accessionNumber: filing.accessionNumber,
      form: filing.form,
      filedOn: filing.filedOn,
      url: filing.url,
      disclaimer: investmentDisclaimer,
    };
    if (!filingDesk) {
      return {
        ...base,
        ...noModel('Filing summaries are written by a language model'),
        sources: [],
      };
    }
    await entitlements.requireEntitlement(member, 'aiAnalysis');
    const key = {
      kind: 'filing' as const,
      symbol: security.symbol,
      subject: filing.accessionNumber,
    };
    const kept = await filingDesk.read(key);
    if (kept) return { ...base, ...(await this.shown(member, kept, false)) };
    if (!write) {
      return {
        ...base,
        ...(await this.unwritten(
          member,
          'not_written',
          `A summary of this ${filing.form} from its text uses 1 AI credit; reading it again is free.`,
        )),
        sources: [],
      };
    }
    const written = await filingDesk.outcome(
      member,
      key,
      30 * dayMs,
      async (callModel): Promise<SummaryOutcome<FilingSection[]>> => {
        const sections = await sources.filingText(filing, filingCharsRead);
        if (!sections) {
          return {
            status: 'unavailable',
            message:
              'SEC EDGAR could not be reached for the filing’s text, so no summary was written. No AI credit was used; please try again in a few minutes.',
            sources: [],
          };
        }
        const read = sections.map(({ title, text, cut }) => ({ title, chars: text.length, cut }));
        if (sections.length === 0) {
          return {
            status: 'no_sources',
            message: `No text sections (such as management’s discussion or risk factors${filing.form === '8-K' ? ', or a press release' : ''}) were found in this ${filing.form}, so there is nothing to summarise. No AI credit was used.`,
            sources: read,
          };
        }
        return this.written(read, security, async () => {
          const run = await callModel(
            filingSummaryMessages(security, filing, sections),
            filingSummaryLength,
          );
          return { run, texts: sections.map((section) => `${section.title}\n${section.text}`) };
        });
      },
    );
    if (!written) {
      return {
        ...base,
        ...(await this.stillWriting(member, `The summary of this ${filing.form}`)),
        sources: [],
      };
    }
    return { ...base, ...(await this.shown(member, written.outcome, written.charged)) };
  }

  /**
   * Has the model write and checks its sentences against `texts` (the cited sources' words):
   * a summary, a refusal (given back its credit by the desk), or the model's failure.
   */
  private async written<T>(
    sources: T,
    security: SummarySecurity,
    ask: () => Promise<{ run: { text: string }; texts: string[] }>,
  ): Promise<SummaryOutcome<T>> {
    let reply: { run: { text: string }; texts: string[] };
    try {
      reply = await ask();
    } catch (error) {
      if (!(error instanceof ModelFailedError)) throw error;
      return { status: 'unavailable', message: unavailableText[error.reason], sources };
    }
    try {
      const sentences = citedSentences(reply.run.text, reply.texts, [
        security.name,
        security.symbol,
      ]);
      return {
        status: 'ready',
        summary: {
          sentences,
          model: this.options.modelName ?? 'language model',
          writtenAt: new Date(this.options.now()).toISOString(),
        },
        sources,
      };
    } catch (error) {
      if (!(error instanceof NotInSourcesError)) throw error;
      this.options.log.warn(
        {
          event: 'summary_refused',
          symbol: security.symbol,
          reason: error.reason,
          details: error.details,
        },
        'The model’s summary said what its sources do not; it is not shown',
      );
      return {
        status: 'refused',
        message:
          'The language model’s summary stated something its sources do not say, so it is not shown and no AI credit was used. The sources are listed below.',
        sources,
      };
    }
  }

  /** What a kept or new outcome shows, with the user's credits after it. */
  private async shown<T>(member: Member, outcome: SummaryOutcome<T>, charged: boolean) {
    const credits = await this.credits(member);
    if (outcome.status === 'ready') {
      return {
        status: 'ready' as const,
        message: null,
        summary: outcome.summary,
        sources: outcome.sources,
        charged,
        credits,
      };
    }
    return {
      status: outcome.status,
      message: outcome.message,
      summary: null,
      sources: outcome.sources,
      charged: false,
      credits,
    };
  }

  /** Another server is still writing it after the wait: nothing charged, try again shortly. */
  private async stillWriting(member: Member, what: string) {
    return {
      status: 'unavailable' as const,
      message: `${what} is still being written for another reader, so it cannot be shown yet. No AI credit was used; please try again in a minute, when it will be free to read.`,
      summary: null,
      charged: false,
      credits: await this.credits(member),
    };
  }

  private async unwritten(member: Member, status: 'not_written' | 'no_sources', message: string) {
    return { status, message, summary: null, charged: false, credits: await this.credits(member) };
  }

  private async credits(member: Member): Promise<Credits> {
    const usage = await this.options.entitlements.usageOf(member, 'aiCalls');
    return { used: usage.used, limit: usage.limit, resetsAt: usage.resetsAt.toISOString() };
  }
}

function noModel(lead: string) {
  return {
    status: 'no_model' as const,
    message: `${lead}, and this server has none connected, so none is written. Nothing is charged.`,
    summary: null,
    charged: false,
    credits: null,
  };
}

/** Why there is no headline to summarise: none that day, or no news source to read. */
function noHeadlines(symbol: string, day: string, news: NewsResponse): string {
  if (news.status === 'not_offered') {
    return '“Why it moved” summarises the day’s company news, and this server has no news source, so there is nothing to summarise. Nothing is charged.';
  }
  if (news.status === 'unavailable') return `${news.message} No AI credit was used.`;
  return `No headlines about ${symbol} were published on ${day}, so there is nothing to explain the move with. No AI credit was used.`;
}

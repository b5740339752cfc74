import {
  type AnalysisRead,
  type DailyBar,
  type DataSource,
  investmentDisclaimer,
  type KeyMetrics,
  type MarketDataAccess,
  type QuestionAnswer,
} from '@tickerwise/shared';
import { AppError, notFound } from '../../http/errors.ts';
import { asksForAdvice } from './advice-question.ts';
import type { AnalysisStore } from './analysis-store.ts';
import { answerFromFigures } from './built-in/figure-answers.ts';
import { type AnalysisFacts, buildFacts, type SecurityIdentity } from './facts.ts';
import { benchmarkSymbol } from './key-figures.ts';
import type { ModelCall, ModelCallGate } from './model-calls.ts';
import type { QuestionAnswerer } from './question-answerer.ts';
import { refusalText } from './question-answerer.ts';
import { type TechnicalReadings, technicalHistoryBars } from './technical-readings.ts';
import type { WriterEvent } from './writer.ts';
import type { Writing, WrittenAnalyses } from './written-analyses.ts';

/** The market data the analyst reads (the market module's directory, history and company data). */
export interface AnalysisMarket {
  /** The security a symbol names, or undefined when the app does not serve it. */
  find(symbol: string): Promise<SecurityIdentity | undefined>;
  /** Where a symbol's stored bars stand (`asOf`: the last stored day): cheap, remembered. */
  state(symbol: string): Promise<{ version: string; stale: boolean; asOf: string | null }>;
  /** The last trading day whose bar a viewer may see: a delayed plan sees a close late. */
  lastSessionFor(viewer: MarketDataAccess): string;
  /** The last `count` stored daily bars up to `through`, oldest first, and where they stand. */
  bars(
    symbol: string,
    count: number,
    through: string,
  ): Promise<{
    bars: DailyBar[];
    asOf: string | null;
    source: DataSource;
    stale: boolean;
    /** Changes whenever the stored bars may have changed. */
    version: string;
  }>;
  /** Company figures (derived ones stop at `through`), or null for a security without them. */
  company(
    security: SecurityIdentity,
    through: string,
  ): Promise<{ metrics: KeyMetrics; source: DataSource; asOf: string } | null>;
}

export interface Member {
  id: string;
}

/** The entitlements module's service, as far as the analyst uses it. */
export interface AnalysisEntitlements {
  /** How fresh the prices the user's plan sees are: the analysis stops where they do. */
  marketData(member: Member): Promise<MarketDataAccess>;
  /** Throws 402 `upgrade_required` unless the user's plan includes the feature. */
  requireEntitlement(member: Member, feature: 'aiAnalysis'): Promise<unknown>;
  /** Counts one AI call exactly; throws 402 without the quota, 429 when it is used up. */
  consumeQuota(
    member: Member,
    quota: 'aiCalls',
  ): Promise<{ used: number; limit: number; resetsAt: Date; refund(): Promise<void> }>;
  usageOf(
    member: Member,
    quota: 'aiCalls',
  ): Promise<{ used: number; limit: number; resetsAt: Date }>;
}

/** A question that passed its checks (and was paid for, unless declined as advice). */
export interface PreparedQuestion {
  /** Whether it cost a credit; false again if the model failed and the credit went back. */
  readonly charged: boolean;
  answer(emit: (event: WriterEvent) => void, signal?: AbortSignal): Promise<QuestionAnswer>;
  /** Frees the model call's place if `answer` never ran (it frees it itself otherwise). */
  release(): void;
}

export interface Credits {
  used: number;
  limit: number;
  resetsAt: string;
}

export interface AnalysisServiceOptions {
  market: AnalysisMarket;
  entitlements: AnalysisEntitlements;
  store: AnalysisStore;
  written: WrittenAnalyses;
  /** Null when no language model is configured: the built-in answerer reads the figures. */
  answerer: QuestionAnswerer | null;
  /** Every call to the model goes through it (null without a model). */
  modelCalls: ModelCallGate | null;
  /** The writer's name as readers see it before it writes: a model's, or null for built-in. */
  modelName: string | null;
  clock: () => Date;
  /** The technical readings shared with watchlists and indicator alerts. */
  technicals: TechnicalReadings;
}

/** A year of SPY's bars and a margin, for beta and correlation. */
const benchmarkBars = 300;
/** Facts are recomputed when the stored bars change, and at least this often (company data). */
const factsFreshMs = 10 * 60_000;
/**
 * Facts kept per symbol: the latest session's and the one before, which a delayed plan reads
 * in the minutes after a close.
 */
const factsKeptPerSymbol = 2;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const creditsOf = (usage: { used: number; limit: number; resetsAt: Date }): Credits => ({
  used: usage.used,
  limit: usage.limit,
  resetsAt: usage.resetsAt.toISOString(),
});

interface CachedFacts {
  /** The stored bars' version and the day the facts stop at. */
  key: string;
  computedAt: number;
  facts: AnalysisFacts;
  stale: boolean;
}

/**
 * The AI analyst: facts computed from the stored bars and company data, the written analysis
 * metered by plan (the first open of a stock's analysis on a UTC day costs one AI credit,
 * opening it again that day is free), and questions answered from the same facts.
 */
export class AnalysisService {
  /** Per symbol, newest first. */
  private readonly factsCache = new Map<string, CachedFacts[]>();
  /** Opens known to be recorded (`day|user|symbol`): an open is never undone but by a refund. */
  private readonly knownOpens = new Set<string>();
  private knownOpensDay = '';
  private readonly computing = new Map<string, Promise<CachedFacts>>();

  constructor(private readonly options: AnalysisServiceOptions) {}

  /** The technical readings, computed once per run of stored bars for every reader. */
  get technicals(): TechnicalReadings {
    return this.options.technicals;
  }

  get modelName(): string | null {
    return this.options.modelName;
  }

  /** The security a symbol names; 404 when the app does not serve it. */
  async security(symbol: string): Promise<SecurityIdentity> {
    const security = await this.options.market.find(symbol);
    if (!security) throw notFound(`There is no stock or fund with the symbol ${symbol}.`);
    return security;
  }

  /**
   * The facts of a security as `viewer`'s plan may see them, computed once per change of its
   * stored bars and day they stop at (and at least every few minutes, for company data),
   * however many readers ask at once. They stop at the last session the viewer may see: a
   * delayed plan reads the previous session's facts until the day's close is as old as its
   * delay; otherwise every plan shares the same facts.
   */
  async facts(
    security: SecurityIdentity,
    viewer: MarketDataAccess,
  ): Promise<{ facts: AnalysisFacts; stale: boolean }> {
    const { market, clock } = this.options;
    const { version, asOf } = await market.state(security.symbol);
    const lastSession = market.lastSessionFor(viewer);
    const through = asOf !== null && asOf < lastSession ? asOf : lastSession;
    const key = `${version}|${through}`;
    const kept = this.factsCache.get(security.symbol) ?? [];
    const cached = kept.find((entry) => entry.key === key);
    const now = clock().getTime();
    if (cached && now - cached.computedAt < factsFreshMs) return cached;
    const id = `${security.symbol}@${key}`;
    let pending = this.computing.get(id);
    if (!pending) {
      pending = this.compute(security, key, through, now).finally(() => this.computing.delete(id));
      this.computing.set(id, pending);
    }
    return pending;
  }

  private async compute(
    security: SecurityIdentity,
    key: string,
    through: string,
    now: number,
  ): Promise<CachedFacts> {
    const { market } = this.options;
    const history = await market.bars(security.symbol, technicalHistoryBars, through);
    if (history.bars.length === 0) {
      throw new AppError(
        404,
        'no_price_history',
        `No price history is stored for ${security.symbol} yet. Please try again in a minute.`,
      );
    }
    const [benchmark, company] = await Promise.all([
      security.symbol === benchmarkSymbol
        ? Promise.resolve(history)
        : market.bars(benchmarkSymbol, benchmarkBars, through),
      market.company(security, through),
    ]);
    const facts = buildFacts({
      security,
      bars: history.bars,
      priceSource: history.source,
      benchmarkBars: benchmark.bars.length > 0 ? benchmark.bars : null,
      company,
      rating: this.options.technicals.read(security.symbol, history.bars).rating,
    });
    const entry: CachedFacts = { key, computedAt: now, facts, stale: history.stale };
    const kept = (this.factsCache.get(security.symbol) ?? []).filter((other) => other.key !== key);
    kept.unshift(entry);
    if (kept.length > factsKeptPerSymbol) kept.length = factsKeptPerSymbol;
    this.factsCache.set(security.symbol, kept);
    return entry;
  }

  /** How fresh the prices the user's plan sees are: the facts to read stop there. */
  marketDataOf(member: Member): Promise<MarketDataAccess> {
    return this.options.entitlements.marketData(member);
  }

  async credits(member: Member): Promise<Credits> {
    return creditsOf(await this.options.entitlements.usageOf(member, 'aiCalls'));
  }

  /** Whether the user already opened the symbol's analysis in the current UTC day. */
  async openedToday(member: Member, symbol: string): Promise<boolean> {
    return this.hasOpened(member.id, symbol, utcDay(this.options.clock()));
  }

  private openKey(userId: string, symbol: string, day: string): string {
    if (day !== this.knownOpensDay || this.knownOpens.size > 100_000) {
      this.knownOpens.clear();
      this.knownOpensDay = day;
    }
    return `${day}|${userId}|${symbol}`;
  }

  private async hasOpened(userId: string, symbol: string, day: string): Promise<boolean> {
    const key = this.openKey(userId, symbol, day);
    if (this.knownOpens.has(key)) return true;
    const opened = await this.options.store.hasOpened(userId, symbol, day);
    if (opened) this.knownOpens.add(key);
    return opened;
  }

  /**
   * The analyses the user read lately, newest first, each named as the directory names it
   * (a symbol the app no longer serves keeps its symbol as its name).
   */
  async recentReads(member: Member, limit: number): Promise<AnalysisRead[]> {
    const opens = await this.options.store.recentOpens(member.id, limit);
    return Promise.all(
      opens.map(async (open) => {
        const security = await this.options.market.find(open.symbol).catch(() => undefined);
        return {
          symbol: open.symbol,
          name: security?.name ?? open.symbol,
          day: open.day,
          openedAt: open.openedAt.toISOString(),
        };
      }),
    );
  }

  /** The stored written analysis of these facts, if one is ready; never writes or charges. */
  storedAnalysis(facts: AnalysisFacts) {
    return this.options.written.stored(facts);
  }

  /**
   * Opens the written analysis: 402 for a plan without AI analysis. Without a language model
   * the built-in writer's automated summary is free. With one, 429 when the day's credits are
   * used up; otherwise the first open of the symbol today takes one credit, kept only when the
   * text served is the model's: given back when the writing fails or the built-in text stands
   * in for the model's (it timed out, failed, or its text failed its checks). `settled` tells
   * whether the open was charged in the end, and the credits then.
   */
  async openWritten(
    member: Member,
    facts: AnalysisFacts,
  ): Promise<{
    writing: Writing;
    charged: boolean;
    credits: Credits;
    settled: Promise<{ charged: boolean; credits: Credits }>;
  }> {
    const { modelCalls } = this.options;
    const charge = modelCalls
      ? await this.chargeFirstOpen(member, facts.security.symbol)
      : await this.recordFreeOpen(member, facts.security.symbol);
    // The model call, if this open is the one that has it written, is the opener's (§7.4).
    const writing = this.options.written.open(
      facts,
      modelCalls ? () => modelCalls.begin(member) : undefined,
    );
    const { giveBack } = charge;
    if (giveBack) writing.result.catch(giveBack);
    try {
      await writing.admitted;
    } catch (error) {
      // Refused before a word was written (429 naming the limit): the credit is back first.
      await giveBack?.();
      throw error;
    }
    const credits = charge.credits ?? (await this.credits(member));
    const settled = (async () => {
      if (!charge.charged || !giveBack) return { charged: false, credits };
      const written = await writing.result;
      if (written.writer === 'model') return { charged: true, credits };
      await giveBack();
      return { charged: false, credits: await this.credits(member) };
    })();
    settled.catch(() => {});
    return { writing, charged: charge.charged, credits, settled };
  }

  /**
   * Without a language model: the plan must include AI analysis, and the open is recorded
   * (for Recent Activity) without using a credit.
   */
  private async recordFreeOpen(
    member: Member,
    symbol: string,
  ): Promise<{ charged: false; credits?: Credits; giveBack?: undefined }> {
    const { entitlements, store, clock } = this.options;
    await entitlements.requireEntitlement(member, 'aiAnalysis');
    const now = clock();
    const day = utcDay(now);
    if (!(await this.hasOpened(member.id, symbol, day))) {
      await store.recordOpen(member.id, symbol, day, now);
      this.knownOpens.add(this.openKey(member.id, symbol, day));
    }
    return { charged: false };
  }

  /**
   * One credit for the day's first open of a symbol, exactly once however many requests of
   * the user arrive at once: each takes a credit, only the one that records the open keeps it.
   * Answers the credits after the charge when it knows them without asking again.
   */
  private async chargeFirstOpen(
    member: Member,
    symbol: string,
  ): Promise<{ charged: boolean; credits?: Credits; giveBack?: () => Promise<void> }> {
    const { entitlements, store, clock } = this.options;
    const now = clock();
    const day = utcDay(now);
    if (await this.hasOpened(member.id, symbol, day)) return { charged: false };
    let consumption: Awaited<ReturnType<AnalysisEntitlements['consumeQuota']>>;
    try {
      consumption = await entitlements.consumeQuota(member, 'aiCalls');
    } catch (error) {
      // Out of credits, but a request of this user opened it meanwhile: a free re-read.
      if (await this.hasOpened(member.id, symbol, day)) return { charged: false };
      // A plan without AI credits has no AI analysis: the entitlements' own 402 says so.
      if ((error as { statusCode?: number }).statusCode === 402) {
        await entitlements.requireEntitlement(member, 'aiAnalysis');
      }
      throw error;
    }
    const recorded = await store.recordOpen(member.id, symbol, day, now);
    this.knownOpens.add(this.openKey(member.id, symbol, day));
    if (!recorded) {
      await consumption.refund();
      return { charged: false };
    }
    return {
      charged: true,
      credits: creditsOf(consumption),
      giveBack: once(async () => {
        this.knownOpens.delete(this.openKey(member.id, symbol, day));
        await consumption.refund().catch(() => {});
        await store.forgetOpen(member.id, symbol, day).catch(() => {});
      }),
    };
  }

  /**
   * "Ask about this stock", before any answer is written: 402 without AI analysis, 429
   * without credits left when a model answers. Without a model the built-in answerer answers
   * from the computed figures, free. An advice question is declined for free; any other
   * question to the model takes one credit, kept only when the model's answer is served:
   * given back when the model fails us, its answer stated figures that are not facts, or gave
   * advice and was declined (docs/PRODUCT.md §7.4).
   */
  async prepareQuestion(
    member: Member,
    facts: AnalysisFacts,
    question: string,
  ): Promise<PreparedQuestion> {
    const { entitlements, answerer, modelCalls } = this.options;
    await entitlements.requireEntitlement(member, 'aiAnalysis');
    const advice = asksForAdvice(question);
    if (!answerer || advice) {
      return {
        charged: false,
        release: () => {},
        answer: async (emit) => {
          const answer = advice ? refusalOf(facts, question) : answerFromFigures(facts, question);
          emit({ type: 'text', text: answer.answer });
          return answer;
        },
      };
    }
    const consumption = await entitlements.consumeQuota(member, 'aiCalls');
    let call: ModelCall | undefined;
    try {
      call = await modelCalls?.begin(member);
    } catch (error) {
      // Past a limit on model calls (429 naming it): no answer, so no credit.
      await consumption.refund();
      throw error;
    }
    let charged = true;
    return {
      get charged() {
        return charged;
      },
      release: () => call?.end(),
      answer: async (emit, signal) => {
        let served = false;
        try {
          const answer = await answerer.answer(facts, question, { emit, signal });
          served = answer.outcome === 'answered';
          return answer;
        } finally {
          call?.end();
          // No answer served, no credit used: a model that failed, timed out, stated figures
          // that are not facts, or gave advice. The model call stays counted (§7.4).
          if (!served) {
            charged = false;
            await consumption.refund();
          }
        }
      },
    };
  }
}

function refusalOf(facts: AnalysisFacts, question: string): QuestionAnswer {
  return {
    question,
    answer: refusalText(facts),
    outcome: 'refused',
    writer: 'built_in',
    model: null,
    dataDate: facts.dataDate,
    disclaimer: investmentDisclaimer,
  };
}

/** `fn`, run at most once: later calls get the first call's promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= fn();
    return running;
  };
}

import { filingSummarySchema, stockResponseSchema, whyItMovedSchema } from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCreditsUsed } from '../../../../test/analyst-requests.ts';
import { appleFilings, type FakeEdgar, type FakeFiling } from '../../../../test/fake-edgar.ts';
import type { FakeFinnhub } from '../../../../test/fake-finnhub.ts';
import type { ChatRequest, FakeLlm } from '../../../../test/fake-llm.ts';
import {
  appleEventHeadline,
  headline,
  microsoftPricesHeadline,
  type SummaryFakes,
  startSummaryFakes,
  summaryMorning,
} from '../../../../test/summary-fakes.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../../test/test-app.ts';
import { testClock } from '../../../../test/test-clock.ts';

/**
 * "Why it moved" and filing summaries over HTTP, against fakes of Finnhub (quotes and
 * `/company-news`), EDGAR (submissions JSON and the archive's documents) and an
 * OpenAI-compatible model: every sentence cites its sources and is checked against them, one
 * credit for the request that has the model write (none for a refusal or an outage), one
 * writing per symbol and day or per filing for every reader.
 */

const clock = testClock();

/** Apple's 8-Ks beside the sample's: one with no exhibit, two whose index cannot be read. */
const archive = '/Archives/edgar/data/320193';
const currentReport = (accession: string, day: string, document: string): FakeFiling => ({
  accessionNumber: accession,
  filingDate: day,
  reportDate: day,
  form: '8-K',
  primaryDocument: document,
  primaryDocDescription: '8-K',
});
const noExhibit = currentReport('0000320193-25-000071', '2025-10-20', 'aapl-20251020.htm');
const indexMissing = {
  ...currentReport('0000320193-25-000068', '2025-10-10', 'aapl-20251010.htm'),
  exhibits: [{ type: 'EX-99.1', document: 'a991.htm', description: 'PRESS RELEASE' }],
};
const indexMalformed = currentReport('0000320193-25-000066', '2025-10-06', 'aapl-20251006.htm');
const folderOf = (filing: FakeFiling) => `${archive}/${filing.accessionNumber.replaceAll('-', '')}`;
const indexOf = (filing: FakeFiling) =>
  `${folderOf(filing)}/${filing.accessionNumber}-index-headers.html`;
/** An 8-K's main document with one item (Item 5.02, an officer's departure). */
const officerReport = (day: string) => `<html><body>
<p style="text-align:center">FORM 8-K</p>
<p><b>Item 5.02 Departure of Directors or Certain Officers.</b></p>
<p>On ${day}, the Company announced that its Chief Operating Officer will retire at the end of the calendar year after 12 years with the Company. The Board of Directors has appointed the Senior Vice President of Operations to succeed him, effective January 1.</p>
<p><b>Item 9.01 Financial Statements and Exhibits.</b></p>
<p>None.</p>
</body></html>`;

const isWhyItMoved = (request: ChatRequest) =>
  request.messages[0]?.content.includes('Why it moved') ?? false;

let fakes: SummaryFakes;
let finnhub: FakeFinnhub;
let edgar: FakeEdgar;
let llm: FakeLlm;
let testApp: TestApp;
let offline: TestApp;
let reader: SignedUpUser;

async function call(
  app: TestApp,
  user: SignedUpUser,
  method: 'GET' | 'POST',
  path: string,
): Promise<{ status: number; body: Record<string, unknown> & { error?: { code: string } } }> {
  const response = await injectAs(app.app, user, method, path, method === 'POST' ? {} : undefined);
  return { status: response.statusCode, body: response.json() };
}

const whyItMoved = (symbol: string, user = reader, method: 'GET' | 'POST' = 'POST') =>
  call(testApp, user, method, `/api/stocks/${symbol}/why-it-moved`);
const filingSummary = (accession: string, user = reader, method: 'GET' | 'POST' = 'POST') =>
  call(testApp, user, method, `/api/stocks/AAPL/filings/${accession}/summary`);
const creditsUsed = async (user: SignedUpUser) =>
  (await testApp.app.entitlements.usageOf(user, 'aiCalls')).used;

async function alphaUser(app: TestApp): Promise<SignedUpUser> {
  return signUpUser(app.app, { plan: 'alpha' });
}

beforeAll(async () => {
  clock.set(summaryMorning);
  fakes = await startSummaryFakes(clock);
  ({ finnhub, edgar, llm } = fakes);
  edgar.setFilings('0000320193', 'Apple Inc.', [
    ...appleFilings,
    noExhibit,
    indexMissing,
    indexMalformed,
  ]);
  for (const filing of [noExhibit, indexMissing, indexMalformed]) {
    edgar.setDocument(
      `${folderOf(filing)}/${filing.primaryDocument}`,
      officerReport(filing.filingDate),
    );
  }
  edgar.removeDocument(indexOf(indexMissing));
  edgar.setDocument(
    indexOf(indexMalformed),
    '<html><body><p>The page you requested is temporarily unavailable.</p></body></html>',
  );
  edgar.setDocument(`${folderOf(indexMissing)}/a991.htm`, '<p>Never read.</p>');
  testApp = await createTestApp({ clock, config: fakes.config });
  offline = await createTestApp({ clock, config: { market: fakes.config.market } });
  reader = await alphaUser(testApp);
  // Symbols beyond the fake's default quotes.
  finnhub.setQuote('NVDA', { c: 120.5, pc: 118.2 });
  finnhub.setQuote('META', { c: 590.1, pc: 597.4 });
  finnhub.setQuote('NFLX', { c: 910.3, pc: 905.0 });
  finnhub.setNews('AAPL', [
    appleEventHeadline,
    headline(
      'AAPL',
      2,
      '2026-03-16T13:10:00Z',
      'Apple wins EU approval for its payments service',
      'The European Commission cleared Apple Pay changes after a 2-year review.',
    ),
    headline(
      'AAPL',
      3,
      '2026-03-13T20:00:00Z',
      'Apple supplier Foxconn reports sales',
      'Older news.',
    ),
  ]);
});
afterAll(async () => {
  await testApp.close();
  await offline.close();
  await fakes.stop();
  clock.reset();
});
beforeEach(() => {
  fakes.beginTest(
    'The European Commission cleared Apple’s payments service after a 2-year review [1]. Apple introduced a lower-priced iPhone at its spring event [2].',
  );
});

describe('“Why it moved” with a language model', () => {
  it('offers a summary of the day’s headlines for 1 credit, without writing one on a read', async () => {
    const { status, body } = await whyItMoved('AAPL', reader, 'GET');
    expect(status).toBe(200);
    const answer = whyItMovedSchema.parse(body);
    expect(answer).toMatchObject({
      symbol: 'AAPL',
      day: '2026-03-16',
      status: 'not_written',
      summary: null,
      charged: false,
      newsSource: 'finnhub',
      disclaimer: 'Not investment advice.',
    });
    // Only the day's headlines, not Friday's.
    expect(answer.sources.map((source) => source.headline)).toEqual([
      'Apple wins EU approval for its payments service',
      'Apple unveils a cheaper iPhone at its spring event',
    ]);
    expect(llm.requests).toHaveLength(0);
  });

  it('shows the move the stock page shows: the same change, from the same quote', async () => {
    const page = stockResponseSchema.parse(
      (await call(testApp, reader, 'GET', '/api/stocks/AAPL')).body,
    );
    const answer = whyItMovedSchema.parse((await whyItMoved('AAPL', reader, 'GET')).body);
    expect(answer.move).toEqual({
      changePercent: page.stock.change,
      price: page.stock.price,
      source: page.stock.source,
      delayed: page.stock.delayed,
      delayMinutes: page.stock.delayMinutes,
      asOf: page.stock.asOf,
      stale: page.stock.stale,
    });
  });

  it('writes once, each sentence citing its headlines, and charges only the request that wrote it', async () => {
    const before = await creditsUsed(reader);
    const first = whyItMovedSchema.parse((await whyItMoved('AAPL')).body);
    expect(first.status).toBe('ready');
    expect(first.charged).toBe(true);
    expect(first.summary?.model).toBe(llm.model);
    // Sources are numbered as the model read them: newest first.
    expect(first.summary?.sentences).toEqual([
      {
        text: 'The European Commission cleared Apple’s payments service after a 2-year review.',
        cites: [1],
      },
      { text: 'Apple introduced a lower-priced iPhone at its spring event.', cites: [2] },
    ]);
    expect(await creditsUsed(reader)).toBe(before + 1);
    expect(first.credits?.used).toBe(before + 1);

    const again = whyItMovedSchema.parse((await whyItMoved('AAPL')).body);
    const other = await alphaUser(testApp);
    const othersRead = whyItMovedSchema.parse((await whyItMoved('AAPL', other, 'GET')).body);
    expect(again).toMatchObject({ status: 'ready', charged: false, summary: first.summary });
    expect(othersRead).toMatchObject({ status: 'ready', charged: false, summary: first.summary });
    expect(await creditsUsed(reader)).toBe(before + 1);
    expect(await creditsUsed(other)).toBe(0);
    expect(llm.requests.filter(isWhyItMoved)).toHaveLength(1);
    // The model read the day's headlines only, numbered.
    const prompt = llm.requests[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('[1] Apple wins EU approval');
    expect(prompt).not.toContain('Foxconn');
  });

  it('charges one credit for requests that arrive together, and the model writes once', async () => {
    finnhub.setNews('MSFT', [microsoftPricesHeadline]);
    llm.reply('Microsoft said its Azure prices rise in May [1].');
    llm.behave({ kind: 'hold' });
    const user = await alphaUser(testApp);
    const answers = Promise.all([
      whyItMoved('MSFT', user),
      whyItMoved('MSFT', user),
      whyItMoved('MSFT', user),
    ]);
    await expect.poll(() => llm.held, { timeout: 5_000 }).toBe(1);
    llm.release();
    const bodies = (await answers).map((answer) => whyItMovedSchema.parse(answer.body));
    expect(bodies.map((body) => body.status)).toEqual(['ready', 'ready', 'ready']);
    expect(bodies.filter((body) => body.charged)).toHaveLength(1);
    expect(await creditsUsed(user)).toBe(1);
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses a summary that names what the headlines do not, and keeps no credit', async () => {
    finnhub.setNews('NVDA', [
      headline(
        'NVDA',
        21,
        '2026-03-16T11:00:00Z',
        'Nvidia shows a new data-center chip',
        'Nvidia presented its next chip at a conference.',
      ),
    ]);
    llm.reply(
      'Nvidia presented a new chip [1]. Shares also rose after Microsoft placed a large order [1].',
    );
    const user = await alphaUser(testApp);
    const answer = whyItMovedSchema.parse((await whyItMoved('NVDA', user)).body);
    expect(answer).toMatchObject({ status: 'refused', summary: null, charged: false });
    expect(answer.message).toMatch(/stated something its sources do not say/);
    expect(answer.sources).toHaveLength(1);
    expect(await creditsUsed(user)).toBe(0);
    // The refusal is kept for the hour: nobody has the model write it again meanwhile.
    await whyItMoved('NVDA', await alphaUser(testApp));
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses a figure the cited headline does not state, and a sentence that cites nothing', async () => {
    finnhub.setNews('AMZN', [
      headline(
        'AMZN',
        31,
        '2026-03-16T11:00:00Z',
        'Amazon opens 5 new warehouses',
        'Amazon said it opened 5 warehouses in Texas.',
      ),
    ]);
    finnhub.setNews('META', [
      headline(
        'META',
        41,
        '2026-03-16T11:00:00Z',
        'Meta launches new glasses',
        'Meta began selling new smart glasses.',
      ),
    ]);
    const user = await alphaUser(testApp);
    llm.reply('Amazon opened 12 new warehouses in Texas [1].');
    expect(whyItMovedSchema.parse((await whyItMoved('AMZN', user)).body).status).toBe('refused');
    llm.reply('Meta began selling new smart glasses [1]. Investors cheered the launch.');
    expect(whyItMovedSchema.parse((await whyItMoved('META', user)).body).status).toBe('refused');
    expect(await creditsUsed(user)).toBe(0);
  });

  it('says so when the model fails or times out, charges nothing, and tries again next time', async () => {
    finnhub.setNews('TSLA', [
      headline(
        'TSLA',
        51,
        '2026-03-16T11:00:00Z',
        'Tesla recalls vehicles over a software fault',
        'Tesla said a software update fixes the fault.',
      ),
    ]);
    const user = await alphaUser(testApp);
    llm.behave({ kind: 'fail', status: 503 });
    const failed = whyItMovedSchema.parse((await whyItMoved('TSLA', user)).body);
    expect(failed).toMatchObject({ status: 'unavailable', charged: false, summary: null });
    expect(failed.message).toMatch(/could not be reached.*No AI credit was used/);
    llm.behave({ kind: 'hang' });
    const slow = whyItMovedSchema.parse((await whyItMoved('TSLA', user)).body);
    expect(slow).toMatchObject({ status: 'unavailable', charged: false });
    expect(slow.message).toMatch(/took too long/);
    expect(await creditsUsed(user)).toBe(0);
    llm.behave({ kind: 'answer' });
    llm.reply('Tesla said a software update fixes the fault behind its recall [1].');
    const written = whyItMovedSchema.parse((await whyItMoved('TSLA', user)).body);
    expect(written).toMatchObject({ status: 'ready', charged: true });
    expect(await creditsUsed(user)).toBe(1);
  });

  it('makes no model call and charges nothing when no headline was published that day', async () => {
    finnhub.setNews('GOOGL', [
      headline('GOOGL', 61, '2026-03-12T11:00:00Z', 'Alphabet news of last week', 'Older.'),
    ]);
    const user = await alphaUser(testApp);
    const answer = whyItMovedSchema.parse((await whyItMoved('GOOGL', user)).body);
    expect(answer).toMatchObject({ status: 'no_sources', charged: false, sources: [] });
    expect(answer.message).toMatch(/No headlines about GOOGL were published on 2026-03-16/);
    expect(llm.requests).toHaveLength(0);
    expect(await creditsUsed(user)).toBe(0);
  });

  it('answers 429 with the reset time when the day’s credits are used up; a written one stays free', async () => {
    finnhub.setNews('NFLX', [
      headline(
        'NFLX',
        71,
        '2026-03-16T11:00:00Z',
        'Netflix adds a live sports package',
        'Netflix will stream live games.',
      ),
    ]);
    const user = await alphaUser(testApp);
    const { limit } = await testApp.app.entitlements.usageOf(user, 'aiCalls');
    await setCreditsUsed(testApp, user, limit, clock());
    const refused = await whyItMoved('NFLX', user);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('quota_exceeded');
    expect(llm.requests).toHaveLength(0);
    const kept = whyItMovedSchema.parse((await whyItMoved('AAPL', user)).body);
    expect(kept).toMatchObject({ status: 'ready', charged: false });
  });

  it('spends the last credit once when two summaries are asked for at once', async () => {
    finnhub.setQuote('JPM', { c: 240.1, pc: 238.9 });
    finnhub.setQuote('KO', { c: 70.2, pc: 70.9 });
    finnhub.setNews('JPM', [
      headline(
        'JPM',
        81,
        '2026-03-16T11:00:00Z',
        'JPMorgan raises its dividend',
        'JPMorgan said its board approved a higher dividend.',
      ),
    ]);
    finnhub.setNews('KO', [
      headline(
        'KO',
        91,
        '2026-03-16T11:00:00Z',
        'Coca-Cola names a new finance chief',
        'Coca-Cola appointed a new chief financial officer.',
      ),
    ]);
    llm.reply((request) =>
      request.messages.at(-1)?.content.includes('JPMorgan')
        ? 'JPMorgan said its board approved a higher dividend [1].'
        : 'Coca-Cola appointed a new chief financial officer [1].',
    );
    const user = await alphaUser(testApp);
    const { limit } = await testApp.app.entitlements.usageOf(user, 'aiCalls');
    await setCreditsUsed(testApp, user, limit - 1, clock());
    const answers = await Promise.all([whyItMoved('JPM', user), whyItMoved('KO', user)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await creditsUsed(user)).toBe(limit);
    expect(llm.requests).toHaveLength(1);
  });

  it('asks a plan without AI analysis to upgrade', async () => {
    const free = await signUpUser(testApp.app);
    const { status, body } = await whyItMoved('AAPL', free, 'GET');
    expect(status).toBe(402);
    expect(body.error?.code).toBe('upgrade_required');
  });
});

describe('“Why it moved” without a language model', () => {
  it('writes nothing, says it needs a model, and charges nothing', async () => {
    const user = await alphaUser(offline);
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await call(offline, user, method, '/api/stocks/AAPL/why-it-moved');
      expect(status).toBe(200);
      const answer = whyItMovedSchema.parse(body);
      expect(answer).toMatchObject({
        status: 'no_model',
        summary: null,
        charged: false,
        credits: null,
      });
      expect(answer.message).toMatch(/written by a language model, and this server has none/);
    }
    expect((await offline.app.entitlements.usageOf(user, 'aiCalls')).used).toBe(0);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('filing summaries', () => {
  beforeEach(() => {
    llm.reply((request) =>
      request.messages[0]?.content.includes('10-K')
        ? 'Total net sales increased 6% to $416.2 billion, driven by iPhone and Services [1]. The Company names new tariffs among its risks [2].'
        : 'Net sales rose 12% in the quarter [1].',
    );
  });

  it('summarises a 10-K from its text sections, read once from EDGAR’s archive', async () => {
    const user = await alphaUser(testApp);
    const offered = filingSummarySchema.parse(
      (await filingSummary('0000320193-25-000079', user, 'GET')).body,
    );
    expect(offered).toMatchObject({
      status: 'not_written',
      form: '10-K',
      filedOn: '2025-10-31',
      sources: [],
    });
    expect(edgar.documentCalls).toBe(0);

    const written = filingSummarySchema.parse(
      (await filingSummary('0000320193-25-000079', user)).body,
    );
    expect(written).toMatchObject({ status: 'ready', charged: true });
    expect(written.url).toBe(
      `${edgar.url}/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm`,
    );
    expect(written.sources.map((section) => section.title)).toEqual([
      'Item 7. Management’s Discussion and Analysis of Financial Condition and Results of Operations',
      'Item 1A. Risk Factors',
      'Item 1. Business',
    ]);
    expect(written.summary?.sentences[0]).toEqual({
      text: 'Total net sales increased 6% to $416.2 billion, driven by iPhone and Services.',
      cites: [1],
    });
    // The hidden XBRL header and the script are not the filing's text.
    const prompt = llm.requests[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('Total net sales increased 6% or $22.0 billion during 2025');
    expect(prompt).not.toMatch(/DocumentFiscalYearFocus|999 me|0000320193/);

    const again = filingSummarySchema.parse(
      (await filingSummary('0000320193-25-000079', await alphaUser(testApp))).body,
    );
    expect(again).toMatchObject({ status: 'ready', charged: false });
    expect(edgar.documentCalls).toBe(1);
    expect(llm.requests).toHaveLength(1);
    expect(await creditsUsed(user)).toBe(1);
  });

  it('refuses a summary with a figure the filing does not state, and keeps no credit', async () => {
    const user = await alphaUser(testApp);
    const answer = filingSummarySchema.parse(
      (await filingSummary('0000320193-25-000073', user)).body,
    );
    expect(answer).toMatchObject({ status: 'refused', summary: null, charged: false });
    expect(answer.sources.map((section) => section.title)[0]).toMatch(/^Item 2\. Management/);
    expect(await creditsUsed(user)).toBe(0);
  });

  it('says EDGAR could not be reached and charges nothing; 404 and 400 for a filing not listed', async () => {
    const user = await alphaUser(testApp);
    edgar.fail('server_error');
    const failed = filingSummarySchema.parse(
      (await filingSummary('0000320193-25-000077', user)).body,
    );
    expect(failed).toMatchObject({ status: 'unavailable', charged: false });
    expect(failed.message).toMatch(/SEC EDGAR could not be reached/);
    edgar.recover();
    expect(llm.requests).toHaveLength(0);
    expect(await creditsUsed(user)).toBe(0);
    const unknown = await filingSummary('0000320193-25-999999', user);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('filing_not_found');
    const malformed = await filingSummary('not-a-number', user);
    expect(malformed.status).toBe(400);
  });
  it('summarises an 8-K from its items and its press release (Exhibit 99.1), each figure checked against the section it cites', async () => {
    const user = await alphaUser(testApp);
    const accession = '0000320193-25-000077';
    const callsBefore = edgar.documentCalls;
    // The EPS figure is in the press release, not in the item it cites: refused, no credit.
    llm.reply('Quarterly diluted earnings per share were $1.85 [1].');
    const refused = filingSummarySchema.parse((await filingSummary(accession, user)).body);
    expect(refused).toMatchObject({ status: 'refused', charged: false });
    expect(refused.sources.map((section) => section.title)).toEqual([
      'Item 2.02. Results of Operations and Financial Condition.',
      'Exhibit 99.1',
    ]);
    // The main document, the filing's index headers and the exhibit; no XBRL file, no picture.
    expect(edgar.documentCalls - callsBefore).toBe(3);
    const prompt = llm.requests[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('[2] Exhibit 99.1');
    expect(prompt).toContain('quarterly diluted earnings per share of $1.85, up 13 percent');
    expect(prompt).toContain('Mac revenue was $8.7 billion');
    expect(prompt).not.toMatch(/XBRL TAXONOMY|g1\.jpg|Financial Statements and Exhibits/);
    expect(await creditsUsed(user)).toBe(0);

    // A refusal is kept an hour; then, cited where it is said, the same figure stands.
    clock.set(new Date(clock().getTime() + 61 * 60_000));
    llm.reply(
      'Apple issued a press release on its results for the fourth fiscal quarter [1]. Quarterly diluted earnings per share were $1.85, and iPhone revenue was $49.0 billion [2].',
    );
    const written = filingSummarySchema.parse((await filingSummary(accession, user)).body);
    expect(written).toMatchObject({ status: 'ready', charged: true });
    expect(written.summary?.sentences[1]).toEqual({
      text: 'Quarterly diluted earnings per share were $1.85, and iPhone revenue was $49.0 billion.',
      cites: [2],
    });
    expect(written.sources[1]).toMatchObject({ title: 'Exhibit 99.1', cut: false });
    // The sections were read once, for the refusal and the summary alike.
    expect(edgar.documentCalls - callsBefore).toBe(3);
    expect(await creditsUsed(user)).toBe(1);
  });

  it('summarises an 8-K with no exhibit from its items, as before', async () => {
    const user = await alphaUser(testApp);
    const callsBefore = edgar.documentCalls;
    llm.reply(
      'The Company’s Chief Operating Officer will retire at the end of the calendar year [1].',
    );
    const answer = filingSummarySchema.parse(
      (await filingSummary(noExhibit.accessionNumber, user)).body,
    );
    expect(answer).toMatchObject({ status: 'ready', charged: true });
    expect(answer.sources.map((section) => section.title)).toEqual([
      'Item 5.02. Departure of Directors or Certain Officers.',
    ]);
    expect(edgar.documentCalls - callsBefore).toBe(2);
  });

  it('summarises an 8-K from its items when its index is missing or not an index, with no error', async () => {
    const user = await alphaUser(testApp);
    llm.reply(
      'The Company’s Chief Operating Officer will retire at the end of the calendar year [1].',
    );
    for (const filing of [indexMissing, indexMalformed]) {
      const { status, body } = await filingSummary(filing.accessionNumber, user);
      expect(status).toBe(200);
      const answer = filingSummarySchema.parse(body);
      expect(answer).toMatchObject({ status: 'ready', charged: true });
      expect(answer.sources.map((section) => section.title)).toEqual([
        'Item 5.02. Departure of Directors or Certain Officers.',
      ]);
    }
    expect(await creditsUsed(user)).toBe(2);
  });
});

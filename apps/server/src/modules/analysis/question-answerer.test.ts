import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleFacts } from '../../../test/analysis-facts.ts';
import { type FakeLlm, questionOf, startFakeLlm } from '../../../test/fake-llm.ts';
import { asksForAdvice } from './advice-question.ts';
import { openAiCompatibleModel } from './language-model.ts';
import { QuestionAnswerer, unavailableText, unverifiedText } from './question-answerer.ts';
import type { WriterEvent } from './writer.ts';

describe('recognising a request for investment advice', () => {
  it.each([
    'Should I buy AAPL?',
    'should i sell now or wait',
    'Should we keep holding after the earnings?',
    'Is it a good time to buy?',
    'Is TSLA a good investment?',
    'is now the right moment to sell?',
    'Is AAPL a buy?',
    'Is this a strong sell right now?',
    'Buy or sell?',
    'hold or sell',
    'Is it worth buying at this price?',
    'Would you buy this stock?',
    'What do you recommend?',
    'Do you recommend it for my retirement?',
    'Give me your advice on this position',
    'How much should I invest in it?',
    'What is your price target?',
    'Should I go all in?',
  ])('refuses %j', (question) => {
    expect(asksForAdvice(question)).toBe(true);
  });

  it.each([
    'Ѕhould I buy AAPL?', // a Cyrillic Ѕ
    'Should I b\u200buy AAPL?', // a zero-width space
    'Would it be wise to purchase AAPL now?',
    'Ｓｈｏｕｌｄ Ｉ ｓｅｌｌ ｍｙ ｓｈａｒｅｓ？', // full-width
    'Is it smart to pick up more shares here?',
    'What percentage of my portfolio should go into AAPL?',
    'Ought I to оffload my position?', // a Cyrillic о
  ])('refuses the disguised %j', (question) => {
    expect(asksForAdvice(question)).toBe(true);
  });

  it.each([
    'Why is the rating Strong Buy?',
    'What does the RSI say?',
    'Why is it a Buy?',
    'How did the 50-day average move against the 200-day?',
    'Explain the sell votes among the oscillators',
    'What is the 1-year return?',
    'Which fundamental checks fail?',
    'How volatile has it been?',
    'All in all, how strong is the trend?',
    'Is the dividend covered by earnings?',
    'What is the P/E?',
    'Why did it fall?',
    'Why did the shares sell off in March?',
    'What would make the rating turn to Sell?',
    'How much of the revenue comes from services?',
    'How is revenue allocated between segments?',
    'Can I see the buy votes?',
  ])('answers %j', (question) => {
    expect(asksForAdvice(question)).toBe(false);
  });
});

describe('answering a question about a stock', () => {
  let llm: FakeLlm;
  const warnings: object[] = [];
  const answerer = () =>
    new QuestionAnswerer({
      model: openAiCompatibleModel({ baseUrl: llm.url, apiKey: llm.apiKey, model: llm.model }),
      log: { warn: (details) => warnings.push(details) },
      timeoutMs: 2_000,
    });
  const ask = async (question: string) => {
    const events: WriterEvent[] = [];
    const answer = await answerer().answer(sampleFacts(), question, {
      emit: (event) => events.push(event),
    });
    return { answer, events };
  };

  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => {
    await llm.close();
  });
  beforeEach(() => {
    llm.replyFromFacts();
    llm.behave({ kind: 'answer' });
    llm.requests.length = 0;
    warnings.length = 0;
  });

  it('streams the model’s checked answer from the same facts', async () => {
    const { answer, events } = await ask('What is the latest close?');
    expect(answer.outcome).toBe('answered');
    expect(answer.model).toBe('fake-analyst-1');
    expect(answer.answer).toContain('closed at $118.37');
    expect(answer.disclaimer).toBe('Not investment advice.');
    expect(events.every((event) => event.type === 'text')).toBe(true);
    expect(questionOf(llm.requests[0] as NonNullable<(typeof llm.requests)[0]>)).toBe(
      'What is the latest close?',
    );
  });

  it('declines an advice question politely without asking the model', async () => {
    const { answer } = await ask('Should I buy Apple now?');
    expect(answer).toMatchObject({ outcome: 'refused', model: null });
    expect(answer.answer).toMatch(/^I can't say whether to buy, sell or hold AAPL/);
    expect(llm.requests).toHaveLength(0);
  });

  it('withholds an answer that states a figure not in the facts', async () => {
    llm.reply('Apple closed at $118.37. Revenue will grow 14% next year.');
    const { answer, events } = await ask('What about revenue?');
    expect(answer).toMatchObject({ outcome: 'unverified', answer: unverifiedText });
    expect(events.map((event) => event.type)).toEqual(['text', 'reset', 'text']);
    expect(warnings).toEqual([
      expect.objectContaining({ reason: 'ungrounded_figure', figures: ['14%'] }),
    ]);
  });

  it('withdraws an answer that gives advice and declines instead', async () => {
    llm.reply('Apple closed at $118.37. You should buy this stock now... go all in.');
    const { answer, events } = await ask('What is the latest close?');
    expect(answer).toMatchObject({ outcome: 'refused', model: 'fake-analyst-1' });
    expect(answer.answer).toMatch(/^I can't say whether to buy, sell or hold AAPL/);
    expect(events.map((event) => event.type)).toEqual(['text', 'reset', 'text']);
    expect(events.some((event) => event.type === 'text' && /buy this/.test(event.text))).toBe(
      false,
    );
    expect(warnings).toEqual([expect.objectContaining({ reason: 'advice' })]);
  });

  it('says the model is unavailable when it fails', async () => {
    llm.behave({ kind: 'fail', status: 503 });
    const { answer } = await ask('What is the trend?');
    expect(answer).toMatchObject({ outcome: 'unavailable', answer: unavailableText });
  });
});

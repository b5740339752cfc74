import { describe, expect, it } from 'vitest';
import { givesAdvice } from './advice-answer.ts';
import { GroundedTextStream } from './grounded-stream.ts';
import { allowedFactsOf } from './number-check.ts';

describe('recognising advice in a model’s text', () => {
  it.each([
    'You should buy this stock now... go all in.',
    'You need to sell immediately.',
    'You might want to consider buying more.',
    'You’d better get out before earnings.',
    'Yоu shоuld bu\u200by it.',
    'Ｙｏｕ ｓｈｏｕｌｄ ｓｅｌｌ.',
    'Sell it today.',
    'Buy the dip.',
    'So buy AAPL now.',
    'Go all in.',
    'I would buy here.',
    'We recommend selling your shares.',
    'I strongly suggest you load up on this.',
    'My advice is simple: hold.',
    'Put 20% of your portfolio in it.',
    'Invest your entire savings here.',
    'Now is a great time to buy.',
    'It’s the perfect moment to sell.',
    'AAPL is a buy right now.',
    'Many would say you should buy now.',
    'Let me tell you: you should sell.',
    'If you want upside, you should buy now.',
    'Do not wait: you should buy now.',
  ])('declines %j', (text) => {
    expect(givesAdvice(text)).toBe(true);
  });

  it.each([
    'The overall technical rating is Strong Buy.',
    'The moving averages read Buy with 8 buy votes, and the oscillators read Sell.',
    'Buy votes outnumber sell votes.',
    'Sell signals dominate the oscillators.',
    'The rating turns to Sell when the mean falls below -0.1.',
    'I can’t tell you whether you should buy or sell this stock.',
    'I cannot say whether now is a good time to buy.',
    'Whether you should buy is a decision only you can make.',
    'Tickerwise does not tell you whether to buy or sell.',
    'This is not investment advice.',
    'You should keep in mind that volatility is high.',
    'You may want to look at the 200-day average.',
    'The company may buy back shares.',
    'Investors who bought a year ago are down.',
  ])('lets %j through', (text) => {
    expect(givesAdvice(text)).toBe(false);
  });

  it('reads advice split across two sentences of a stream', () => {
    const stream = new GroundedTextStream(allowedFactsOf({}));
    expect(stream.push('The trend is firm. You should\n')).toBe('The trend is firm. You should\n');
    expect(() => stream.push('buy shares. ')).toThrow('the text gave investment advice');
  });
});

import { describe, expect, it } from 'vitest';
import { sampleFacts } from '../../../../test/analysis-facts.ts';
import { toModelFacts } from '../model-facts.ts';
import { allowedFactsOf, unmatchedFigures } from '../number-check.ts';
import { answerFromFigures } from './figure-answers.ts';

const facts = sampleFacts();
const ask = (question: string) => answerFromFigures(facts, question);

describe('the built-in answerer', () => {
  it('answers the close with its day and source, as the built-in writer, not a model', () => {
    const answer = ask('What was the last close?');
    expect(answer).toMatchObject({
      outcome: 'answered',
      writer: 'built_in',
      model: null,
      dataDate: facts.dataDate,
      disclaimer: 'Not investment advice.',
    });
    const close = facts.figures.close.toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(answer.answer).toMatch(
      new RegExp(`^AAPL closed at \\$${close} on .+ \\(simulated prices\\)\\.$`),
    );
  });

  it('answers a key statistic with its source and day, and one the data lacks as missing', () => {
    expect(ask('What is the P/E?').answer).toMatch(
      /^The price to earnings ratio of AAPL is 28\.40 \(simulated company data, as of /,
    );
    expect(ask("What's the dividend yield?").answer).toMatch(/dividend yield of AAPL is 0\.5%/);
    const bare = answerFromFigures(sampleFacts({ metrics: null }), 'What is the market cap?');
    expect(bare.answer).toBe(
      'The market capitalisation of AAPL is not in the company data Tickerwise has.',
    );
  });

  it('answers the period a question names, and every period when it names none', () => {
    const ytd = ask('How has it performed year to date?').answer;
    expect(ytd).toMatch(/^AAPL's price return over year to date (up|down|flat)/);
    expect(ytd).not.toContain('over 1 year');
    const all = ask('What are the returns?').answer;
    for (const period of ['1 week', '1 month', '3 months', '6 months', 'year to date', '1 year']) {
      expect(all).toContain(`over ${period}`);
    }
  });

  it('answers the rating, a named indicator and the checklist', () => {
    expect(ask('What is the technical rating?').answer).toMatch(
      /^The technical rating of AAPL on .+ is (Strong Sell|Sell|Neutral|Buy|Strong Buy): moving averages/,
    );
    expect(ask('What does the RSI say?').answer).toMatch(/^Relative Strength Index \(14\): /);
    expect(ask('How many checks pass?').answer).toMatch(
      /^\d+ of the \d+ fundamental checks with data pass for AAPL/,
    );
  });

  it('says plainly what it cannot answer, naming what it can', () => {
    for (const question of ['What did the CEO say on the call?', 'Any news today?']) {
      const answer = ask(question);
      expect(answer.outcome).toBe('not_covered');
      expect(answer.answer).toMatch(
        /^No language model is connected to this server, so questions are answered from AAPL's computed figures only/,
      );
      expect(answer.answer).toContain('News, forecasts and opinions are not among them.');
    }
  });

  it('states no figure that is not in the facts', () => {
    const allowed = allowedFactsOf(toModelFacts(facts), facts);
    const questions = [
      'What was the last close?',
      'What are the returns?',
      'How volatile is it?',
      'What was the biggest drawdown?',
      'What is its beta to the market?',
      'Where is it in its 52-week range?',
      'How far is it from the 50-day and 200-day moving averages?',
      'What is the technical rating?',
      'What do the checks say?',
      'What is the P/E, P/B and market cap?',
      'What are the margins and the debt?',
      'When is the data from?',
    ];
    for (const question of questions) {
      const answer = ask(question);
      expect(answer.outcome, question).toBe('answered');
      expect(unmatchedFigures(answer.answer, allowed), answer.answer).toEqual([]);
    }
  });
});

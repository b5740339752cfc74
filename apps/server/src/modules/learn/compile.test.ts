import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { glossarySlug, paths } from '@tickerwise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { learnFixturesDir } from '../../../test/learn-content.ts';
import { ContentError, compileLearnContent, readGlossaryTerms } from './compile.ts';
import { compileRepositoryContent, glossaryFile, routedPaths } from './content.ts';

const glossaryTerms = ['ETF (Exchange-Traded Fund)', 'Diversification', 'Bull Market'];
const lessonFile = join('01-first-steps', '01-what-is-a-share.md');

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A copy of the test courses with one lesson file changed. */
function fixturesWith(change: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'learn-content-'));
  dirs.push(dir);
  cpSync(learnFixturesDir, dir, { recursive: true });
  const file = join(dir, lessonFile);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  return dir;
}

function problemsOf(dir: string, routes = routedPaths()): string[] {
  try {
    compileLearnContent({ dir, glossaryTerms, routes });
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe('the learning content compiler', () => {
  it('compiles courses in order with their lessons, minutes and "Try it" links', () => {
    const content = compileLearnContent({
      dir: learnFixturesDir,
      glossaryTerms,
      routes: routedPaths(),
    });
    expect(content.courses.map((course) => course.id)).toEqual(['first-steps', 'reading-a-chart']);
    const [first] = content.courses;
    expect(first!.minutes).toBe(11);
    expect(first!.lessons.map((lesson) => [lesson.id, lesson.index])).toEqual([
      ['what-is-a-share', 0],
      ['why-prices-move', 1],
    ]);
    expect(first!.lessons[0]!.tryIt.href).toBe('/dashboard/investments/stocks/AAPL#analysis');
    expect(first!.lessons[1]!.tryIt.href).toBe(
      '/dashboard/investments/stocks/MSFT?compare=SPY&range=1Y',
    );
    expect(first!.lessons[0]!.lastReviewed).toBe('2026-11-01');
    expect(content.courses[1]!.lessons[0]!.tryIt.href).toBe(
      '/dashboard/investments/alerts?symbol=TSLA',
    );
  });

  it('renders Markdown with headings, tables and glossary links, and never the author’s HTML', () => {
    const content = compileLearnContent({
      dir: learnFixturesDir,
      glossaryTerms,
      routes: routedPaths(),
    });
    const lesson = content.courses[0]!.lessons[0]!;
    expect(lesson.html).toContain('<h2 id="a-part-of-a-company">A part of a company</h2>');
    expect(lesson.headings).toEqual([
      { id: 'a-part-of-a-company', text: 'A part of a company', depth: 2 },
      { id: 'worked-example', text: 'Worked example', depth: 3 },
    ]);
    expect(lesson.html).toContain('<table>');
    expect(lesson.html).toContain('<a href="/guides/glossary#etf" data-glossary="etf">ETF</a>');
    expect(lesson.html).not.toContain('<script');
    expect(lesson.html).toContain('&lt;script&gt;');
    expect(lesson.words).toBeGreaterThan(20);
  });

  it('fails on a lesson without a quiz', () => {
    const dir = fixturesWith((text) => text.replace(/^quiz:[\s\S]*?(?=^---)/m, ''));
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/01-what-is-a-share\.md: quiz: a lesson ends with a quiz/),
    ]);
  });

  it('fails on a quiz of fewer than 3 questions or an answer that is no choice', () => {
    const short = fixturesWith((text) => text.replace(/ {2}- id: cost[\s\S]*?(?=^---)/m, ''));
    expect(problemsOf(short).join('\n')).toMatch(/a quiz has 3 to 6 questions/);
    const wrong = fixturesWith((text) =>
      text.replace('answer: 1\n    explanation: A share', 'answer: 7\n    explanation: A share'),
    );
    expect(problemsOf(wrong).join('\n')).toMatch(
      /quiz question "share-is": its answer is no choice/,
    );
  });

  it('fails on a broken glossary link, naming the file and the term', () => {
    const dir = fixturesWith((text) =>
      text.replace('glossary:etf', 'glossary:exchange-traded-thing'),
    );
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(
        /01-what-is-a-share\.md: glossary link to "exchange-traded-thing", which is no glossary term/,
      ),
    ]);
  });

  it('fails on a "Try it" that opens a route the app does not serve', () => {
    const dir = fixturesWith((text) => text.replace('kind: analysis', 'kind: practice-trade'));
    expect(problemsOf(dir)).toEqual([]);
    const withoutPortfolio = routedPaths().filter((path) => path !== paths.portfolio);
    expect(problemsOf(dir, withoutPortfolio)).toEqual([
      expect.stringMatching(
        /01-what-is-a-share\.md: "Try it" opens \/dashboard\/portfolio\?portfolio=practice&symbol=AAPL, which no route serves/,
      ),
    ]);
    const unknown = fixturesWith((text) => text.replace('symbol: AAPL', 'symbol: NOPE'));
    expect(problemsOf(unknown).join('\n')).toMatch(/tryIt\.symbol/);
  });

  it('fails on links other than glossary, https and the app’s own paths, and on # headings', () => {
    const dir = fixturesWith(
      (text) => `${text}\n[x](javascript:alert(1)) [y](ftp://example.com)\n\n# Top\n`,
    );
    const problems = problemsOf(dir).join('\n');
    expect(problems).toMatch(/link "ftp:\/\/example.com" is neither/);
    expect(problems).toMatch(/use ## and ### headings only/);
    // markdown-it refuses a javascript: link outright: it is not rendered as a link at all.
    expect(problems).not.toMatch(/javascript/);
  });

  it('names a missing front matter and a bad date', () => {
    const none = fixturesWith((text) => text.replace(/^---[\s\S]*?^---\n/m, ''));
    expect(problemsOf(none).join('\n')).toMatch(/no front matter/);
    const date = fixturesWith((text) =>
      text.replace('lastReviewed: 2026-11-01', 'lastReviewed: last week'),
    );
    expect(problemsOf(date).join('\n')).toMatch(/lastReviewed: a date is written YYYY-MM-DD/);
  });
});

describe('the glossary', () => {
  it('gives each term its anchor', () => {
    expect(glossarySlug('ETF (Exchange-Traded Fund)')).toBe('etf');
    expect(glossarySlug('P/E Ratio')).toBe('p-e-ratio');
    expect(glossarySlug('Bull Market')).toBe('bull-market');
  });

  it('is read from the web app’s glossary module', () => {
    const terms = readGlossaryTerms(glossaryFile);
    expect(terms).toContain('ETF (Exchange-Traded Fund)');
    expect(terms.length).toBeGreaterThanOrEqual(8);
  });
});

describe('the repository’s courses', () => {
  it('compile: every lesson has a quiz, every glossary link a term, every "Try it" a route', () => {
    const content = compileRepositoryContent();
    for (const course of content.courses) {
      expect(course.lessons.length, course.id).toBeGreaterThan(0);
      for (const lesson of course.lessons) expect(lesson.quiz.length).toBeGreaterThanOrEqual(3);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { appleFilings } from '../../../test/fake-edgar.ts';
import { appleFilingDocuments, indexHeadersPage } from '../../../test/fake-edgar-documents.ts';
import { indexedDocuments, pressReleasesOf } from './filing-index.ts';
import { FilingTextReader, filingSections } from './filing-text.ts';

const apple = { cik: '0000320193', name: 'Apple Inc.' };
const earnings = appleFilings.find((filing) => filing.form === '8-K');
if (!earnings) throw new Error('the sample has an 8-K');
const page = indexHeadersPage(apple, earnings, earnings.exhibits ?? []);

function text(html: string): string {
  const reader = new FilingTextReader(100_000);
  reader.push(html);
  return reader.result();
}

describe('a filing’s index headers', () => {
  it('lists every document with its declared type, in the filing’s order', () => {
    expect(indexedDocuments(page)).toEqual([
      { type: '8-K', document: 'aapl-20251030.htm', description: '8-K' },
      { type: 'EX-99.1', document: 'a8-kex991q4202509272025.htm', description: 'EX-99.1' },
      {
        type: 'EX-101.SCH',
        document: 'aapl-20251030.xsd',
        description: 'XBRL TAXONOMY EXTENSION SCHEMA DOCUMENT',
      },
      {
        type: 'EX-101.LAB',
        document: 'aapl-20251030_lab.xml',
        description: 'XBRL TAXONOMY EXTENSION LABEL LINKBASE DOCUMENT',
      },
      { type: 'GRAPHIC', document: 'g1.jpg', description: 'GRAPHIC' },
    ]);
  });

  it('picks the exhibits 99 in text form, whatever their file names, at most as many as asked', () => {
    const documents = [
      { type: '8-K', document: 'ef20072220_8k.htm', description: '8-K' },
      { type: 'EX-10.1', document: 'ex10-1.htm', description: 'CREDIT AGREEMENT' },
      { type: 'EX-99', document: 'ef20079200_ex99-1.htm', description: 'EXHIBIT 99.1' },
      { type: 'EX-99.2', document: 'slides.pdf', description: 'PRESENTATION' },
      { type: 'ex-99.2', document: 'q3earnings.htm', description: 'LETTER' },
      { type: 'EX-99.3', document: 'dex993.htm', description: 'EX-99.3' },
    ];
    expect(pressReleasesOf(documents, 2)).toEqual([
      { type: 'EX-99', document: 'ef20079200_ex99-1.htm', description: 'EXHIBIT 99.1' },
      { type: 'EX-99.2', document: 'q3earnings.htm', description: 'LETTER' },
    ]);
  });

  it('reads a file name wrapped in a link, and refuses a page that is not an index', () => {
    const linked = page.replace(
      '&lt;FILENAME&gt;a8-kex991q4202509272025.htm',
      '&lt;FILENAME&gt;<a href="a8-kex991q4202509272025.htm">a8-kex991q4202509272025.htm</a>',
    );
    expect(indexedDocuments(linked)?.[1]?.document).toBe('a8-kex991q4202509272025.htm');
    expect(indexedDocuments('<html><body>Service unavailable</body></html>')).toBeNull();
    // A document header without a usable file name (a path, nothing) is not listed.
    const odd =
      '&lt;DOCUMENT&gt;\n&lt;TYPE&gt;EX-99.1\n&lt;FILENAME&gt;../x.htm\n&lt;/DOCUMENT&gt;';
    expect(indexedDocuments(odd)).toBeNull();
  });
});

describe('an 8-K’s sections with its press release', () => {
  const items = text(
    appleFilingDocuments['/Archives/edgar/data/320193/000032019325000077/aapl-20251030.htm'] ?? '',
  );
  const release = text(
    appleFilingDocuments[
      '/Archives/edgar/data/320193/000032019325000077/a8-kex991q4202509272025.htm'
    ] ?? '',
  );

  it('gives the items what they need, at most a third, and the exhibit the rest', () => {
    const long = `${release}\n${'Net sales by category and by segment are set out in the table. '.repeat(400)}`;
    const sections = filingSections('8-K', items, 12_000, [
      { type: 'EX-99.1', description: 'PRESS RELEASE', text: long },
    ]);
    expect(sections.map((section) => section.title)).toEqual([
      'Item 2.02. Results of Operations and Financial Condition.',
      'Exhibit 99.1. PRESS RELEASE',
    ]);
    const [item, exhibit] = sections;
    expect(item?.cut).toBe(false);
    expect(exhibit?.cut).toBe(true);
    expect((item?.text.length ?? 0) + (exhibit?.text.length ?? 0)).toBeLessThanOrEqual(12_000);
    // The exhibit has what the item left, less the end of a sentence.
    expect(exhibit?.text.length).toBeGreaterThan(12_000 - (item?.text.length ?? 0) - 100);
    expect(exhibit?.text).toContain('quarterly diluted earnings per share of $1.85');
  });

  it('shares what is left between two exhibits, the first the larger part, and skips an empty one', () => {
    const filler = 'The Company reported its results for the quarter in detail. ';
    const sections = filingSections('8-K', items, 12_000, [
      { type: 'EX-99.1', description: 'EX-99.1', text: filler.repeat(300) },
      { type: 'EX-99.2', description: 'EXHIBIT 99.2', text: 'Slides.' },
      { type: 'EX-99.3', description: 'Letter to shareholders', text: filler.repeat(300) },
    ]);
    expect(sections.map((section) => section.title)).toEqual([
      'Item 2.02. Results of Operations and Financial Condition.',
      'Exhibit 99.1',
      'Exhibit 99.3. Letter to shareholders',
    ]);
    const [item, first, second] = sections.map((section) => section.text.length);
    const left = 12_000 - (item ?? 0);
    expect(first).toBeLessThanOrEqual(Math.floor(left * 0.7));
    expect(first).toBeGreaterThan(Math.floor(left * 0.7) - 100);
    expect((item ?? 0) + (first ?? 0) + (second ?? 0)).toBeLessThanOrEqual(12_000);
  });

  it('keeps the items alone when there is no exhibit, with all the characters', () => {
    expect(filingSections('8-K', items, 12_000, [])).toEqual(filingSections('8-K', items, 12_000));
  });
});

import { describe, expect, it } from 'vitest';
import { appleFilingDocuments } from '../../../test/fake-edgar-documents.ts';
import { FilingTextReader, filingSections } from './filing-text.ts';

const tenK =
  Object.entries(appleFilingDocuments).find(([path]) => path.endsWith('20250927.htm'))?.[1] ?? '';

function read(html: string, pieceLength: number, maxChars = 100_000): string {
  const reader = new FilingTextReader(maxChars);
  for (let start = 0; start < html.length; start += pieceLength) {
    reader.push(html.slice(start, start + pieceLength));
  }
  return reader.result();
}

describe('a filing document read as text', () => {
  it('reads the same text whatever pieces it arrives in, tags and entities split or not', () => {
    const whole = read(tenK, tenK.length);
    for (const pieceLength of [1, 7, 64, 1_000]) expect(read(tenK, pieceLength)).toBe(whole);
    expect(whole).toContain('Item 7. Management’s Discussion and Analysis');
    expect(whole).toContain('to $416.2 billion, driven by');
  });

  it('leaves out the head, scripts and the hidden inline XBRL header', () => {
    const text = read(tenK, 500);
    expect(text).not.toMatch(/aapl-20250927|DocumentFiscalYearFocus|999 me|font-weight/);
  });

  it('stops at its length', () => {
    expect(read(tenK, 100, 300).length).toBeLessThanOrEqual(300);
  });
});

describe('a filing’s text sections', () => {
  it('takes each item’s text, not its table-of-contents entry, the discussion first', () => {
    const sections = filingSections('10-K', read(tenK, 4_096), 12_000);
    expect(sections.map((section) => section.title)).toEqual([
      'Item 7. Management’s Discussion and Analysis of Financial Condition and Results of Operations',
      'Item 1A. Risk Factors',
      'Item 1. Business',
    ]);
    expect(sections[0]?.text).toMatch(/^Total net sales increased 6%/);
    expect(sections.every((section) => !section.cut)).toBe(true);
  });

  it('cuts the sections to the characters given, at a sentence', () => {
    const sections = filingSections('10-K', read(tenK, 4_096), 600);
    const total = sections.reduce((sum, section) => sum + section.text.length, 0);
    expect(total).toBeLessThanOrEqual(600);
    expect(sections[0]?.cut).toBe(true);
    expect(sections[0]?.text.endsWith('.')).toBe(true);
  });

  it('finds none in a document without item headings', () => {
    expect(filingSections('8-K', 'A letter to shareholders.\nThank you.', 12_000)).toEqual([]);
  });
});

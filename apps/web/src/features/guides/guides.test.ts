import { describe, expect, it } from 'vitest';
import { riskManagementGuide, strategiesGuide } from './content/strategy-guides.ts';

const wordsIn = (guide: typeof strategiesGuide) =>
  [
    guide.lead,
    ...guide.sections.flatMap((section) => [
      section.title,
      ...section.paragraphs,
      ...(section.example ? [section.example.title, section.example.note] : []),
    ]),
  ]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('the strategy and risk guides', () => {
  for (const guide of [strategiesGuide, riskManagementGuide]) {
    it(`${guide.path} is long-form, dated and linked to the glossary, a course and a tool`, () => {
      expect(wordsIn(guide)).toBeGreaterThanOrEqual(1_500);
      expect(guide.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const links = guide.related.map((link) => link.to);
      expect(links).toContain('/guides/glossary');
      expect(links.some((to) => to.startsWith('/dashboard/learn/'))).toBe(true);
      expect(links.some((to) => to.startsWith('/tools/'))).toBe(true);
      const ids = guide.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
    });
  }

  it('show the worked examples’ figures as computed', () => {
    const rows = (guide: typeof strategiesGuide, id: string) =>
      Object.fromEntries(guide.sections.find((section) => section.id === id)?.example?.rows ?? []);
    expect(rows(strategiesGuide, 'dollar-cost-averaging')).toMatchObject({
      Invested: '$1,200.00 for 24.5 shares',
      'Average cost per share': '$48.98',
    });
    expect(rows(strategiesGuide, 'index')).toMatchObject({
      'What the higher fee cost': '$17,627.64',
    });
    expect(rows(strategiesGuide, 'growth')).toMatchObject({ 'P/E at the same price then': '25.6' });
    expect(rows(riskManagementGuide, 'position-sizing')).toMatchObject({
      'Shares (accepted loss ÷ loss per share)': '125',
      'If the share opens at $30.00 instead': 'a loss of $1,250.00, 2.5% of the account',
    });
    expect(rows(riskManagementGuide, 'losses')).toMatchObject({
      'A 20% loss needs a gain of': '25.00%',
    });
    expect(rows(riskManagementGuide, 'rebalancing')).toMatchObject({
      'Sell stocks, buy bonds': '$4,320.00',
    });
  });
});

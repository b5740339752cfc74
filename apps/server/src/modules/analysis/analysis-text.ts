import {
  type AnalysisSectionKey,
  analysisSectionKeys,
  analysisSectionTitles,
  type WrittenAnalysis,
} from '@tickerwise/shared';

/**
 * The written analysis travels as text: each section a "## Title" line, a blank line and its
 * prose. Both writers stream it in this form, so a reader can show sections as they arrive;
 * at the end it is read back into sections.
 */

export type AnalysisSections = WrittenAnalysis['sections'];

export const sectionHeading = (key: AnalysisSectionKey) => `## ${analysisSectionTitles[key]}`;

export function sectionText(key: AnalysisSectionKey, body: string, first: boolean): string {
  return `${first ? '' : '\n\n'}${sectionHeading(key)}\n\n${body}`;
}

const normalise = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const keyByTitle = new Map(
  analysisSectionKeys.map((key) => [normalise(analysisSectionTitles[key]), key] as const),
);

/** Reads text back into the five sections, in order; null when it does not have exactly them. */
export function parseSections(text: string): AnalysisSections | null {
  const sections: AnalysisSections = [];
  let current: { key: AnalysisSectionKey; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    const heading = /^\s*#{1,6}\s*(.+?)\s*#*\s*$/.exec(line);
    const key = heading ? keyByTitle.get(normalise(heading[1] ?? '')) : undefined;
    if (key) {
      if (current) sections.push(finish(current));
      current = { key, lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else if (line.trim() !== '') {
      return null;
    }
  }
  if (current) sections.push(finish(current));
  const inOrder = sections.map((section) => section.key).join();
  if (inOrder !== analysisSectionKeys.join()) return null;
  if (sections.some((section) => section.text === '')) return null;
  return sections;
}

function finish(section: { key: AnalysisSectionKey; lines: string[] }) {
  return {
    key: section.key,
    title: analysisSectionTitles[section.key],
    text: section.lines
      .join('\n')
      .trim()
      .replace(/\n{3,}/g, '\n\n'),
  };
}

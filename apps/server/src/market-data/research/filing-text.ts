import type { FilingForm } from '@tickerwise/shared';

/**
 * A filing's main document (EDGAR's HTML or inline XBRL) as plain text, read piece by piece
 * as it arrives: each piece costs time in proportion to its length, so a 5 MB 10-K never holds
 * the event loop for long. Block tags become line breaks, table cells spaces; scripts, styles, the
 * document head and the hidden inline XBRL header are left out; entities are decoded.
 */
export class FilingTextReader {
  private text: string[] = [];
  private length = 0;
  /** An unfinished tag or entity carried to the next piece. */
  private carry = '';
  /** The tag whose content is skipped until it closes (`script`, `ix:header`...). */
  private skipping: string | null = null;

  constructor(private readonly maxChars: number) {}

  get full(): boolean {
    return this.length >= this.maxChars;
  }

  push(piece: string): void {
    const html = this.carry + piece;
    this.carry = '';
    let index = 0;
    while (index < html.length && !this.full) {
      if (this.skipping) {
        const closing = new RegExp(`</${this.skipping}`, 'gi');
        closing.lastIndex = index;
        const close = closing.exec(html)?.index ?? -1;
        if (close === -1) {
          // Keep the tail in case the closing tag straddles two pieces.
          this.carry = html.slice(Math.max(index, html.length - this.skipping.length - 2));
          return;
        }
        index = close;
        this.skipping = null;
        continue;
      }
      const open = html.indexOf('<', index);
      const textEnd = open === -1 ? html.length : open;
      if (textEnd > index) {
        let chunk = html.slice(index, textEnd);
        if (open === -1) {
          // An entity cut in two waits for the rest.
          const amp = chunk.lastIndexOf('&');
          if (amp !== -1 && chunk.length - amp <= longestEntity && !chunk.includes(';', amp)) {
            this.carry = chunk.slice(amp);
            chunk = chunk.slice(0, amp);
          }
        }
        this.add(decodeEntities(chunk));
      }
      if (open === -1) return;
      const close = html.indexOf('>', open);
      if (close === -1) {
        // A tag cut in two waits for the rest; a "<" that opens no tag is text.
        if (html.length - open <= longestTag) {
          this.carry = html.slice(open);
          return;
        }
        this.add(decodeEntities(html.slice(open, open + 1)));
        index = open + 1;
        continue;
      }
      const tag = html.slice(open + 1, close);
      const name = /^\/?\s*([\w:-]+)/.exec(tag)?.[1]?.toLowerCase() ?? '';
      if (!tag.startsWith('/') && skippedTags.has(name) && !tag.endsWith('/')) {
        this.skipping = name;
      } else if (/display\s*:\s*none/i.test(tag) && name === 'div' && !tag.endsWith('/')) {
        // Inline XBRL hides its header in a div; skipping to the next </div> drops it.
        this.skipping = 'div';
      } else {
        // Inline tags join what they wrap ("$<ix:nonFraction>416.2</ix:nonFraction>").
        this.add(blockTags.has(name) ? '\n' : cellTags.has(name) ? ' ' : '');
      }
      index = close + 1;
    }
  }

  /** The text so far, lines trimmed, runs of spaces and blank lines folded. */
  result(): string {
    return this.text
      .join('')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{2,}/g, '\n')
      .trim()
      .slice(0, this.maxChars);
  }

  private add(text: string): void {
    this.text.push(text);
    this.length += text.length;
  }
}

/** "&#x1F4C8;" and "&thetasym;" are about the longest entities there are. */
const longestEntity = 12;
/** An inline XBRL tag with its attributes runs to a few hundred characters. */
const longestTag = 8_192;
const cellTags = new Set(['td', 'th']);
const skippedTags = new Set(['script', 'style', 'head', 'ix:header', 'title']);
const blockTags = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'section',
]);

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  mdash: '—',
  ndash: '–',
  bull: '•',
  sect: '§',
  reg: '®',
  trade: '™',
  copy: '©',
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X'
          ? Number.parseInt(code.slice(2), 16)
          : Number.parseInt(code.slice(1), 10);
      return point === 160 ? ' ' : point > 0 && point < 0x110000 ? String.fromCodePoint(point) : '';
    }
    return namedEntities[code.toLowerCase()] ?? whole;
  });
}

/** A text section of a filing, as given to the model. */
export interface FilingTextSection {
  title: string;
  text: string;
  /** The section was longer than its share and was cut at a sentence. */
  cut: boolean;
}

/** The items read first, per form: what a reader of the filing looks for. */
const wantedItems: Record<FilingForm, string[]> = {
  // Management's discussion, risk factors, the business.
  '10-K': ['7', '1a', '1'],
  '10-Q': ['2', '1a'],
  // Every item but the list of exhibits.
  '8-K': [],
};

const itemHeading = /^(?:part\s+[iv]+\W+)?item\s+(\d{1,2}[a-c]?(?:\.\d{2})?)\s*[.:\-–—]?\s*(.*)$/i;

/** An exhibit's text, as read from its document. */
export interface ExhibitText {
  /** `EX-99.1` */
  type: string;
  description: string;
  text: string;
}

/** What an 8-K's items may take of the characters when its press release is read too. */
const itemsShareWithExhibits = 1 / 3;
/** Of two exhibits, what the first (the press release) may take of what the items left. */
const firstExhibitShare = 0.7;
/** An exhibit with less text than this is a cover or a picture, not something to summarise. */
const shortestExhibit = 200;

/**
 * The text sections of a filing worth summarising, at most `maxChars` characters in all: for a
 * 10-K Items 7, 1A and 1; for a 10-Q Items 2 and 1A; for an 8-K every item but 9.01 (its
 * exhibits) and then `exhibits`, its exhibits 99 (the press release, where an 8-K reporting
 * results or news has its substance). The 8-K's items take what they need up to a third of
 * the characters when there is an exhibit to read (an item is mostly "the Company issued the
 * press release attached as Exhibit 99.1"), the exhibits what is left (the first 70% of it
 * when there are two). An item's heading appears first in the table of contents: of its
 * headings, the one followed by the longest text is the section.
 */
export function filingSections(
  form: FilingForm,
  text: string,
  maxChars: number,
  exhibits: ExhibitText[] = [],
): FilingTextSection[] {
  const readable = exhibits.filter((exhibit) => exhibit.text.trim().length >= shortestExhibit);
  const itemChars = readable.length > 0 ? Math.floor(maxChars * itemsShareWithExhibits) : maxChars;
  const sections = itemSections(form, text, itemChars);
  let left = maxChars - sections.reduce((sum, section) => sum + section.text.length, 0);
  readable.forEach((exhibit, index) => {
    const last = index === readable.length - 1;
    const share = last ? left : Math.floor(left * firstExhibitShare);
    if (share < 500) return;
    const body = exhibit.text.trim();
    const cut = body.length > share;
    const kept = cut ? cutAtSentence(body, share) : body;
    sections.push({ title: exhibitTitle(exhibit), text: kept, cut });
    left -= kept.length;
  });
  return sections;
}

/** "Exhibit 99.1. Press release dated October 30, 2025", or "Exhibit 99.1" alone. */
function exhibitTitle({ type, description }: ExhibitText): string {
  const name = `Exhibit ${type.replace(/^EX-/i, '')}`;
  const said = description.replace(/\s+/g, ' ').trim();
  // A description that only repeats the type ("EX-99.1", "EXHIBIT 99.1") adds nothing.
  if (!said || /^(?:ex|exhibit)[\s.-]*99(?:\.\d+)?\.?$/i.test(said)) return name;
  return `${name}. ${said.slice(0, 120)}`;
}

function itemSections(form: FilingForm, text: string, maxChars: number): FilingTextSection[] {
  const lines = text.split('\n');
  const headings: Array<{ line: number; item: string; title: string }> = [];
  for (let line = 0; line < lines.length; line += 1) {
    const match = itemHeading.exec((lines[line] ?? '').trim());
    if (!match || (lines[line] ?? '').length > 200) continue;
    headings.push({ line, item: (match[1] ?? '').toLowerCase(), title: (match[2] ?? '').trim() });
  }
  const bodies = headings.map((heading, index) => {
    const end = headings[index + 1]?.line ?? lines.length;
    return {
      ...heading,
      body: lines
        .slice(heading.line + 1, end)
        .join('\n')
        .trim(),
    };
  });
  const longest = new Map<string, (typeof bodies)[number]>();
  for (const body of bodies) {
    const kept = longest.get(body.item);
    if (!kept || body.body.length > kept.body.length) longest.set(body.item, body);
  }
  const wanted =
    form === '8-K'
      ? [...longest.keys()].filter((item) => item !== '9.01')
      : wantedItems[form].filter((item) => longest.has(item));
  const sections: FilingTextSection[] = [];
  let left = maxChars;
  for (const item of wanted) {
    const section = longest.get(item);
    // A heading with a line or two under it is a table of contents' entry, not a section.
    if (!section || section.body.length < 200 || left < 500) continue;
    const share = Math.min(left, Math.ceil(maxChars * (sections.length === 0 ? 0.6 : 0.4)));
    const cut = section.body.length > share;
    const body = cut ? cutAtSentence(section.body, share) : section.body;
    sections.push({ title: headingText(item, section.title), text: body, cut });
    left -= body.length;
  }
  return sections;
}

function headingText(item: string, title: string): string {
  const name = `Item ${item.toUpperCase()}`;
  return title ? `${name}. ${title.replace(/\s+/g, ' ').slice(0, 120)}` : name;
}

function cutAtSentence(text: string, maxChars: number): string {
  const head = text.slice(0, maxChars);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
  return end > maxChars / 2 ? head.slice(0, end + 1) : head;
}

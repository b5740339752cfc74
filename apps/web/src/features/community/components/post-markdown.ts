/**
 * The small Markdown subset posts are written in: paragraphs, `-`/`*` and `1.` lists,
 * **bold**, *italic* (or _italic_), [links](https://…), bare https:// addresses, `$TICKER`
 * cashtags and `@handle` mentions. Anything else, HTML included, stays plain text: the result is a tree the page
 * renders as React elements, never as HTML.
 */

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'em'; children: InlineNode[] }
  | { type: 'link'; href: string; children: InlineNode[] }
  | { type: 'cashtag'; symbol: string }
  | { type: 'mention'; handle: string };

export type BlockNode =
  | { type: 'paragraph'; lines: InlineNode[][] }
  | { type: 'list'; ordered: boolean; items: InlineNode[][] };

const bullet = /^\s*[-*]\s+(.*)$/;
const numbered = /^\s*\d{1,3}[.)]\s+(.*)$/;

/**
 * Parses a post's text; `symbols` are the cashtags the server accepted and `mentions` the
 * handles of members it found (others stay text).
 */
export function parsePost(
  text: string,
  symbols: readonly string[],
  mentions: readonly string[] = [],
): BlockNode[] {
  const known: Known = {
    symbols: new Set(symbols.map((symbol) => symbol.toUpperCase())),
    handles: new Map(mentions.map((handle) => [handle.toLowerCase(), handle])),
  };
  const blocks: BlockNode[] = [];
  let paragraph: InlineNode[][] | null = null;
  let list: { ordered: boolean; items: InlineNode[][] } | null = null;
  const close = () => {
    if (paragraph) blocks.push({ type: 'paragraph', lines: paragraph });
    if (list) blocks.push({ type: 'list', ...list });
    paragraph = null;
    list = null;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      close();
      continue;
    }
    const item = bullet.exec(line) ?? numbered.exec(line);
    if (item) {
      const ordered = !bullet.test(line);
      if (!list || list.ordered !== ordered) {
        close();
        list = { ordered, items: [] };
      }
      list.items.push(parseInline(item[1] ?? '', known));
      continue;
    }
    if (list) close();
    paragraph ??= [];
    paragraph.push(parseInline(line.trim(), known));
  }
  close();
  return blocks;
}

const inlinePattern =
  /\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\w])_([^_\s](?:[^_]*[^_\s])?)_(?![\w])|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|(^|[^\w$])\$([A-Za-z]{1,5}(?:\.[A-Za-z])?)(?!\w)|(^|[^\w@.])@([A-Za-z0-9_]{3,20})(?![\w@])/g;

/** The cashtags and mentions the server recognised in a post. */
interface Known {
  symbols: ReadonlySet<string>;
  /** Lower case handle to the handle as the member wrote it. */
  handles: ReadonlyMap<string, string>;
}

/** Only web addresses become links; anything else (javascript:, data:) stays text. */
function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parseInline(text: string, known: Known): InlineNode[] {
  const nodes: InlineNode[] = [];
  const push = (node: InlineNode) => {
    const last = nodes.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else if (node.type !== 'text' || node.text !== '') nodes.push(node);
  };
  let at = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const index = match.index ?? 0;
    push({ type: 'text', text: text.slice(at, index) });
    at = index + match[0].length;
    const [whole, bold, italic, underscored, label, href, bare, before, symbol, atBefore, handle] =
      match;
    if (bold !== undefined) push({ type: 'strong', children: parseInline(bold, known) });
    else if (italic !== undefined) push({ type: 'em', children: parseInline(italic, known) });
    else if (underscored !== undefined) {
      push({ type: 'em', children: parseInline(underscored, known) });
    } else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      if (safe) push({ type: 'link', href: safe, children: parseInline(label, known) });
      else push({ type: 'text', text: whole });
    } else if (bare !== undefined) {
      const safe = safeHref(bare);
      push(
        safe
          ? { type: 'link', href: safe, children: [{ type: 'text', text: bare }] }
          : { type: 'text', text: bare },
      );
    } else if (symbol !== undefined) {
      push({ type: 'text', text: before ?? '' });
      const upper = symbol.toUpperCase();
      push(
        known.symbols.has(upper)
          ? { type: 'cashtag', symbol: upper }
          : { type: 'text', text: `$${symbol}` },
      );
    } else if (handle !== undefined) {
      push({ type: 'text', text: atBefore ?? '' });
      const member = known.handles.get(handle.toLowerCase());
      push(member ? { type: 'mention', handle: member } : { type: 'text', text: `@${handle}` });
    }
  }
  push({ type: 'text', text: text.slice(at) });
  return nodes;
}

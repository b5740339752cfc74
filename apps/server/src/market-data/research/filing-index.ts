import type { FilingExhibit } from './providers.ts';

/**
 * A filing's `{accession}-index-headers.html` on EDGAR's archive: the submission's SGML header
 * and, for each document of the filing, the header the filer sent with it, HTML-escaped in a
 * `<pre>`:
 *
 *     &lt;DOCUMENT&gt;
 *     &lt;TYPE&gt;EX-99.1
 *     &lt;SEQUENCE&gt;2
 *     &lt;FILENAME&gt;a8-kex991q4202509272025.htm
 *     &lt;DESCRIPTION&gt;EX-99.1
 *     &lt;TEXT&gt;
 *     &lt;/TEXT&gt;
 *     &lt;/DOCUMENT&gt;
 *
 * The document's type is the filer's own declaration (the EDGAR Filer Manual's document
 * types), unlike its file name, which is whatever the filer's software chose; `index.json`
 * gives names and sizes only. See docs/decisions/0081-*.md.
 */
export function indexHeadersDocument(accession: string): string {
  return `${accession}-index-headers.html`;
}

/** A document the index lists: its declared type, file name and description. */
interface IndexedDocument {
  type: string;
  document: string;
  description: string;
}

/** A document name EDGAR could give: no path, no query. */
const documentName = /^[\w.-]+$/;

/**
 * The documents a filing's index headers list, in their order (the filing's sequence); null
 * when the page is not one (no document header with a type and a file name).
 */
export function indexedDocuments(page: string): IndexedDocument[] | null {
  // The page's own markup goes first (a link around a file name would be markup); the SGML
  // tags are escaped, so they are text until the entities are decoded.
  const text = page
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&');
  const documents: IndexedDocument[] = [];
  for (const block of text.matchAll(/<DOCUMENT>([\s\S]*?)<\/DOCUMENT>/gi)) {
    const body = block[1] ?? '';
    const field = (tag: string) =>
      (new RegExp(`<${tag}>[ \\t]*([^<\\r\\n]*)`, 'i').exec(body)?.[1] ?? '').trim();
    const type = field('TYPE');
    const document = field('FILENAME');
    if (!type || !documentName.test(document)) continue;
    documents.push({ type, document, description: field('DESCRIPTION').slice(0, 200) });
  }
  return documents.length > 0 ? documents : null;
}

/** Press releases and shareholder letters: exhibits 99 (`EX-99`, `EX-99.1`, `EX-99.2`...). */
const pressReleaseType = /^EX-99(?:\.\d{1,2})?$/i;
/** Text the reader can turn into words: HTML or plain text (not PDF, images, XBRL). */
const textDocument = /\.(?:htm|html|txt)$/i;

/** The filing's exhibits 99 in text form, in the filing's order, at most `max`. */
export function pressReleasesOf(documents: IndexedDocument[], max: number): FilingExhibit[] {
  return documents
    .filter(({ type, document }) => pressReleaseType.test(type) && textDocument.test(document))
    .slice(0, max)
    .map(({ type, document, description }) => ({
      type: type.toUpperCase(),
      document,
      description,
    }));
}

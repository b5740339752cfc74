import { type Filing, type FilingForm, filingForms } from '@tickerwise/shared';
import { z } from 'zod';
import { UpstreamError } from '../upstream/upstream.ts';
import { indexedDocuments, indexHeadersDocument, pressReleasesOf } from './filing-index.ts';
import { FilingTextReader } from './filing-text.ts';
import type { FilingsProvider } from './providers.ts';

// `submissions/CIK##########.json` answers {cik, name, tickers, filings: {recent: {...}}}, where
// `recent` holds parallel arrays, newest first: accessionNumber, filingDate, reportDate, form,
// primaryDocument, primaryDocDescription (and more the app does not read).
const submissionsSchema = z.object({
  cik: z.union([z.string(), z.number()]),
  filings: z.object({
    recent: z.object({
      accessionNumber: z.array(z.string()),
      filingDate: z.array(z.string()),
      reportDate: z.array(z.string()),
      form: z.array(z.string()),
      primaryDocument: z.array(z.string()),
      primaryDocDescription: z.array(z.string()).optional(),
    }),
  }),
});

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const forms = new Set<string>(filingForms);
/** A document name EDGAR could give: no path, no query. */
const documentName = /^[\w.-]+$/;

export interface EdgarOptions {
  /** https://data.sec.gov (tests point it at a fake on 127.0.0.1). */
  baseUrl: string;
  /** Where filing documents are linked and read: https://www.sec.gov. */
  archiveBaseUrl?: string;
  /** The SEC asks every client to name itself and a contact address in User-Agent. */
  userAgent: string;
}

/**
 * SEC filings from EDGAR's public JSON, no key needed. The SEC's fair-access rule allows 10
 * requests a second per client and asks for a User-Agent naming the client and a contact.
 */
export function edgarFilings({
  baseUrl,
  archiveBaseUrl = 'https://www.sec.gov',
  userAgent,
}: EdgarOptions): FilingsProvider {
  return {
    source: 'sec_edgar',
    limits: [{ calls: 10, perMs: 1_000 }],

    async filings(cik, signal) {
      const path = `/submissions/CIK${cik}.json`;
      const response = await get(baseUrl, path, 'application/json', signal);
      const parsed = submissionsSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new UpstreamError('bad_response', `EDGAR ${path} answered an unknown shape`);
      }
      const { recent } = parsed.data.filings;
      const company = String(Number(cik));
      const filings: Filing[] = [];
      for (let index = 0; index < recent.form.length; index += 1) {
        const form = recent.form[index] ?? '';
        const accession = recent.accessionNumber[index] ?? '';
        const filedOn = recent.filingDate[index] ?? '';
        const document = recent.primaryDocument[index] ?? '';
        if (!forms.has(form) || !/^\d{10}-\d{2}-\d{6}$/.test(accession)) continue;
        if (!isoDay.test(filedOn) || !documentName.test(document)) continue;
        const reportDate = recent.reportDate[index] ?? '';
        filings.push({
          form: form as FilingForm,
          filedOn,
          reportDate: isoDay.test(reportDate) ? reportDate : null,
          accessionNumber: accession,
          description: (recent.primaryDocDescription?.[index] ?? '').trim(),
          url: `${archiveBaseUrl}/Archives/edgar/data/${company}/${accession.replaceAll('-', '')}/${document}`,
        });
      }
      return filings;
    },

    async documentText(filing, maxChars, signal, document) {
      const path = archivePath(filing, document);
      const response = await get(archiveBaseUrl, path, 'text/html', signal);
      const text = new FilingTextReader(maxChars);
      await readPieces(response, path, signal, (piece) => {
        text.push(piece);
        return text.full;
      });
      return text.result();
    },

    async pressReleases(filing, signal) {
      const path = archivePath(filing, indexHeadersDocument(filing.accessionNumber));
      const response = await get(archiveBaseUrl, path, 'text/html', signal);
      let page = '';
      await readPieces(response, path, signal, (piece) => {
        page += piece;
        return page.length > maxIndexChars;
      });
      const documents = indexedDocuments(page.slice(0, maxIndexChars));
      if (!documents) {
        throw new UpstreamError('bad_response', `EDGAR ${path} is not a filing's index headers`);
      }
      return pressReleasesOf(documents, pressReleasesRead);
    },
  };

  /** A GET of `path` at `base` (the JSON API or the archive), naming this client. */
  function get(base: string, path: string, accept: string, signal: AbortSignal): Promise<Response> {
    return edgarGet(`${base}${path}`, path, accept, userAgent, signal);
  }

  /**
   * The archive path of a listed filing's main document, or of `document` in its folder:
   * only a document of the archive this provider lists, never a URL from elsewhere.
   */
  function archivePath(filing: Filing, document?: string): string {
    const prefix = `${archiveBaseUrl}/Archives/edgar/data/`;
    if (!filing.url.startsWith(prefix)) {
      throw new UpstreamError('not_found', `not an EDGAR archive document: ${filing.url}`);
    }
    const path = filing.url.slice(archiveBaseUrl.length);
    if (document === undefined) return path;
    if (!documentName.test(document)) {
      throw new UpstreamError('not_found', `not an EDGAR document name: ${document}`);
    }
    return `${path.slice(0, path.lastIndexOf('/'))}/${document}`;
  }
}

/**
 * Reads an answer's body as text piece by piece, handing each to `take` until it says it has
 * enough, or more bytes than any document should have came (`maxDocumentBytes`).
 */
async function readPieces(
  response: Response,
  path: string,
  signal: AbortSignal,
  take: (piece: string) => boolean,
): Promise<void> {
  const decoder = new TextDecoder();
  const body = response.body?.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const piece = await body?.read();
      if (!piece || piece.done) break;
      bytes += piece.value.byteLength;
      if (take(decoder.decode(piece.value, { stream: true })) || bytes > maxDocumentBytes) break;
    }
  } catch (error) {
    if (signal.aborted) throw new UpstreamError('timeout', `EDGAR ${path} timed out`);
    throw new UpstreamError('network', `EDGAR ${path} broke off: ${(error as Error).message}`);
  } finally {
    await body?.cancel().catch(() => {});
  }
}

/** Exhibits 99 read per filing at most: the press release and one more (slides, a letter). */
const pressReleasesRead = 2;
/** An index's headers take about 200 characters a document: a filing of 1,000 documents fits. */
const maxIndexChars = 256_000;

/** A document larger than this is read only this far (real 10-Ks run to a few MB). */
const maxDocumentBytes = 8 * 1024 * 1024;

/** One GET to EDGAR: its answer when 2xx, else the UpstreamError its status means. */
async function edgarGet(
  url: string,
  path: string,
  accept: string,
  userAgent: string,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'user-agent': userAgent, accept }, signal });
  } catch (error) {
    if (signal.aborted) throw new UpstreamError('timeout', `EDGAR ${path} timed out`);
    throw new UpstreamError('network', `EDGAR unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const { status } = response;
    if (status === 404) throw new UpstreamError('not_found', `EDGAR has no ${path}`);
    if (status === 429) throw new UpstreamError('rate_limited', 'EDGAR rate limit reached');
    if (status === 403) throw new UpstreamError('rejected', 'EDGAR refused the call (403)');
    if (status >= 500) throw new UpstreamError('server_error', `EDGAR answered ${status}`);
    throw new UpstreamError('bad_response', `EDGAR answered ${status}`);
  }
  return response;
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  appleFilingDocuments,
  type FakeExhibit,
  indexHeadersPage,
} from './fake-edgar-documents.ts';

/**
 * A stand-in for the SEC's EDGAR JSON API (data.sec.gov) and its archive (www.sec.gov) on 127.0.0.1:
 * `GET /submissions/CIK##########.json` answers EDGAR's submissions document, {cik,
 * entityType, sic, name, tickers, exchanges, filings: {recent: {accessionNumber, filingDate,
 * reportDate, acceptanceDateTime, act, form, fileNumber, filmNumber, items, size, isXBRL,
 * isInlineXBRL, primaryDocument, primaryDocDescription}, files}}, the `recent` fields being
 * parallel arrays, newest first; 404 for a CIK it does not know; 403 to a client whose
 * User-Agent names no contact address (as the SEC does); 429 past 10 requests a second.
 * `GET /Archives/edgar/data/{cik}/{accession without dashes}/{document}` answers a filing's
 * document as the archive does (`text/html`, inline XBRL: an XHTML body whose hidden
 * `ix:header` holds the XBRL context), 404 with the archive's XML error for one it lacks; for
 * every listed filing its `{accession}-index-headers.html` (`indexHeadersPage`: the SGML
 * headers of the filing and of each of its documents, HTML-escaped, as the archive serves them).
 */

export interface FakeFiling {
  accessionNumber: string;
  filingDate: string;
  reportDate: string;
  form: string;
  primaryDocument: string;
  primaryDocDescription: string;
  /** Its documents beside the main one, as its index headers list them. */
  exhibits?: FakeExhibit[];
}

export type FakeEdgarFailure = 'server_error' | 'rate_limited' | 'hang';

export interface FakeEdgar {
  /** Base URL to use as EDGAR_BASE_URL and EDGAR_ARCHIVE_BASE_URL. */
  url: string;
  readonly calls: number;
  /** Requests for archive documents. */
  readonly documentCalls: number;
  /** Serves `html` at `/Archives/edgar/data/{cik}/{accession}/{document}` (the archive's path). */
  setDocument(path: string, html: string): void;
  /** Answers 404 for a document from now on (an index headers page included). */
  removeDocument(path: string): void;
  /** The User-Agent of every request. */
  userAgents: string[];
  setFilings(cik: string, name: string, filings: FakeFiling[]): void;
  fail(failure: FakeEdgarFailure): void;
  recover(): void;
  close(): Promise<void>;
}

/** Apple's filings as EDGAR lists them (a sample, newest first), with forms the app skips. */
export const appleFilings: FakeFiling[] = [
  {
    accessionNumber: '0000320193-25-000079',
    filingDate: '2025-10-31',
    reportDate: '2025-09-27',
    form: '10-K',
    primaryDocument: 'aapl-20250927.htm',
    primaryDocDescription: '10-K',
  },
  {
    accessionNumber: '0000320193-25-000077',
    filingDate: '2025-10-30',
    reportDate: '2025-10-30',
    form: '8-K',
    primaryDocument: 'aapl-20251030.htm',
    primaryDocDescription: '8-K',
    exhibits: [
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
    ],
  },
  {
    accessionNumber: '0001140361-25-039512',
    filingDate: '2025-10-17',
    reportDate: '',
    form: '4',
    primaryDocument: 'xslF345X05/form4.xml',
    primaryDocDescription: 'FORM 4',
  },
  {
    accessionNumber: '0000320193-25-000073',
    filingDate: '2025-08-01',
    reportDate: '2025-06-28',
    form: '10-Q',
    primaryDocument: 'aapl-20250628.htm',
    primaryDocDescription: '10-Q',
  },
];

function submissions(cik: string, name: string, filings: FakeFiling[]) {
  const column = <K extends keyof FakeFiling>(key: K) => filings.map((filing) => filing[key]);
  return {
    cik: String(Number(cik)),
    entityType: 'operating',
    sic: '3571',
    sicDescription: 'Electronic Computers',
    name,
    tickers: ['AAPL'],
    exchanges: ['Nasdaq'],
    filings: {
      recent: {
        accessionNumber: column('accessionNumber'),
        filingDate: column('filingDate'),
        reportDate: column('reportDate'),
        acceptanceDateTime: filings.map((filing) => `${filing.filingDate}T16:30:00.000Z`),
        act: filings.map(() => '34'),
        form: column('form'),
        fileNumber: filings.map(() => '001-36743'),
        filmNumber: filings.map(() => '251234567'),
        items: filings.map(() => ''),
        size: filings.map(() => 123_456),
        isXBRL: filings.map(() => 1),
        isInlineXBRL: filings.map(() => 1),
        primaryDocument: column('primaryDocument'),
        primaryDocDescription: column('primaryDocDescription'),
      },
      files: [],
    },
  };
}

/**
 * `now` is the clock the 10-a-second limit is counted on: the server's own (a test clock)
 * for suites whose server counts EDGAR's budget on that clock, so a quick machine is not
 * refused what the server's budget allowed. Real time by default.
 */
export async function startFakeEdgar(options: { now?: () => number } = {}): Promise<FakeEdgar> {
  const clockNow = options.now ?? Date.now;
  const companies = new Map<string, { name: string; filings: FakeFiling[] }>([
    ['0000320193', { name: 'Apple Inc.', filings: appleFilings }],
  ]);
  const times: number[] = [];
  const userAgents: string[] = [];
  const hanging = new Set<ServerResponse>();
  const documents = new Map<string, string>(Object.entries(appleFilingDocuments));
  // Every listed filing has its index headers in its folder of the archive.
  const addIndexes = (cik: string, name: string, filings: FakeFiling[]) => {
    for (const filing of filings) {
      const folder = `/Archives/edgar/data/${Number(cik)}/${filing.accessionNumber.replaceAll('-', '')}`;
      const path = `${folder}/${filing.accessionNumber}-index-headers.html`;
      if (!documents.has(path)) {
        documents.set(path, indexHeadersPage({ cik, name }, filing, filing.exhibits ?? []));
      }
    }
  };
  for (const [cik, company] of companies) addIndexes(cik, company.name, company.filings);
  let failure: FakeEdgarFailure | undefined;
  let calls = 0;
  let documentCalls = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  function handle(request: IncomingMessage, response: ServerResponse): void {
    calls += 1;
    const now = clockNow();
    times.push(now);
    const agent = request.headers['user-agent'] ?? '';
    userAgents.push(agent);
    if (!/\S+@\S+/.test(agent)) {
      response.writeHead(403, { 'content-type': 'text/html' });
      response.end('<h1>Your Request Originates from an Undeclared Automated Tool</h1>');
      return;
    }
    if (failure === 'hang') {
      hanging.add(response);
      return;
    }
    if (failure === 'rate_limited' || times.filter((time) => time > now - 1_000).length > 10) {
      response.writeHead(429, { 'content-type': 'text/html' });
      response.end('<h1>Request Rate Threshold Exceeded</h1>');
      return;
    }
    if (failure === 'server_error') {
      send(response, 503, { error: 'Service Unavailable' });
      return;
    }
    const path = request.url ?? '';
    if (path.startsWith('/Archives/edgar/data/')) {
      documentCalls += 1;
      const html = documents.get(path);
      if (html === undefined) {
        response.writeHead(404, { 'content-type': 'application/xml' });
        response.end(
          '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      // In pieces, as a large document arrives.
      const bytes = Buffer.from(html);
      for (let start = 0; start < bytes.length; start += 16_384) {
        response.write(bytes.subarray(start, start + 16_384));
      }
      response.end();
      return;
    }
    const match = /^\/submissions\/CIK(\d{10})\.json$/.exec(path);
    const company = match ? companies.get(match[1] as string) : undefined;
    if (!match || !company) {
      response.writeHead(404, { 'content-type': 'application/xml' });
      response.end(
        '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      );
      return;
    }
    send(response, 200, submissions(match[1] as string, company.name, company.filings));
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return calls;
    },
    get documentCalls() {
      return documentCalls;
    },
    setDocument: (path, html) => documents.set(path, html),
    removeDocument: (path) => documents.delete(path),
    userAgents,
    setFilings: (cik, name, filings) => {
      companies.set(cik, { name, filings });
      addIndexes(cik, name, filings);
    },
    fail: (next) => {
      failure = next;
    },
    recover: () => {
      failure = undefined;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import {
  type BrokerMapping,
  brokerFields,
  csvDocument,
  csvLine,
  guessBrokerMapping,
  guessDateOrder,
  type ImportDateOrder,
  type ImportFormat,
  isTemplateHeader,
  parseCsv,
  templateColumns,
} from '@tickerwise/shared';

/** What the import dialog proposes for a file before the server reads it all. */
export interface ImportSetup {
  headers: string[];
  format: ImportFormat;
  mapping: Partial<BrokerMapping>;
  dateOrder: ImportDateOrder;
}

/** Rows read in the browser to propose a setup: the header and a sample of dates. */
const sampleLines = 60;

/**
 * Reads the top of a file: our template when its header has our columns, otherwise a broker
 * export with a proposed column mapping; the date order from the sample's dates.
 */
export function proposeSetup(text: string): ImportSetup {
  const top = text
    .split(/\r\n|\n|\r/)
    .slice(0, sampleLines)
    .join('\n');
  const [headerCells = [], ...rows] = parseCsv(top);
  const headers = headerCells.map((header) => header.trim());
  const format: ImportFormat = isTemplateHeader(headers) ? 'tickerwise' : 'broker';
  const mapping = format === 'broker' ? guessBrokerMapping(headers) : {};
  const dateHeader = format === 'tickerwise' ? 'date' : mapping.date;
  const dateIndex = headers.findIndex(
    (header) => header.toLowerCase() === dateHeader?.toLowerCase(),
  );
  const dates = dateIndex >= 0 ? rows.map((row) => row[dateIndex] ?? '') : [];
  return { headers, format, mapping, dateOrder: guessDateOrder(dates.filter(Boolean)) };
}

/** The broker fields still to map before the file can be checked (fees may stay unmapped). */
export function unmappedFields(mapping: Partial<BrokerMapping>): string[] {
  return brokerFields.filter((field) => field !== 'fees' && !mapping[field]);
}

/** Our template with one example of each kind, for users to fill in. */
export function templateCsv(): string {
  return csvDocument([
    csvLine(templateColumns),
    csvLine(['2024-01-02', 'deposit', '', '', '', '', '10000', '', 'Opening deposit']),
    csvLine(['2024-01-03', 'buy', 'AAPL', '20', '185.64', '1.00', '', '', '']),
    csvLine(['2024-02-15', 'dividend', 'AAPL', '', '', '0.72', '4.80', '', 'Tax withheld in fees']),
    csvLine(['2024-06-10', 'split', 'NVDA', '', '', '', '', '10:1', '']),
    csvLine(['2024-07-01', 'sell', 'AAPL', '5', '216.75', '1.00', '', '', '']),
    csvLine(['2024-07-31', 'fee', '', '', '', '', '5.00', '', 'Account fee']),
    csvLine(['2024-08-01', 'withdrawal', '', '', '', '', '500', '', '']),
  ]);
}

import { textAsSeen } from './text-normalise.ts';

/**
 * CSV as spreadsheets and brokers write it (RFC 4180): quoted fields with doubled quotes and
 * line breaks inside, CRLF or LF line ends, a UTF-8 byte order mark, and comma, semicolon or
 * tab as the separator (whichever the header line uses most).
 */
export function parseCsv(text: string): string[][] {
  return [...csvRecords(text)];
}

/** A record of a CSV file and its row as a spreadsheet numbers it (blank lines count). */
export interface CsvRow {
  row: number;
  cells: string[];
}

/** `parseCsv` with each record's spreadsheet row number: what import errors name. */
export function parseCsvRows(text: string): CsvRow[] {
  return [...csvRows(text)];
}

/** `parseCsv` one record at a time (a large file can be read in slices); blank lines skipped. */
export function* csvRecords(text: string): Generator<string[], void, undefined> {
  for (const record of csvRows(text)) yield record.cells;
}

/** The records of a file one at a time, each with its spreadsheet row number. */
export function* csvRows(text: string): Generator<CsvRow, void, undefined> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = detectSeparator(source);
  let row: string[] = [];
  let rowNumber = 0;
  let field = '';
  let quoted = false;
  let index = 0;
  // Blank lines (a trailing newline, an empty line between blocks) are not rows, but count in
  // the numbering, as a spreadsheet shows them.
  const blank = (cells: string[]) => !cells.some((cell) => cell.trim() !== '');
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      field = '';
      rowNumber += 1;
      if (!blank(row)) yield { row: rowNumber, cells: row };
      row = [];
      if (char === '\r' && source[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rowNumber += 1;
    if (!blank(row)) yield { row: rowNumber, cells: row };
  }
}

/**
 * The separator the first line that has one uses most: a broker's export may open with blank
 * lines or a title line before its header.
 */
function detectSeparator(text: string): string {
  for (const line of text.split(/\r\n|\n|\r/, 20)) {
    const counts = [',', ';', '\t'].map((separator) => ({
      separator,
      count: line.split(separator).length - 1,
    }));
    counts.sort((a, b) => b.count - a.count);
    if (counts[0]!.count > 0) return counts[0]!.separator;
  }
  return ',';
}

/**
 * Whether a spreadsheet could run the field as a formula: its first character, once the text
 * is read as a person sees it (NFKC, so full-width `＝＋－＠` count, zero-width characters
 * left out) and leading spaces skipped, is =, +, -, @, a tab or a carriage return. A plain
 * ASCII number (such as -12.50) is data, not a formula.
 */
export function runsAsFormula(text: string): boolean {
  if (/^[+-]?\d+(\.\d+)?$/.test(text)) return false;
  return /^[\t\r]|^[^\S\t\r]*[=+\-@]/u.test(textAsSeen(text));
}

/**
 * One CSV line. Fields with a separator, quote or line break are quoted; a text field that a
 * spreadsheet would run as a formula (`runsAsFormula`) gets a leading apostrophe.
 */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return values
    .map((value) => {
      let text = value === null || value === undefined ? '' : String(value);
      if (runsAsFormula(text)) text = `'${text}`;
      return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** A CSV document: lines joined with CRLF, as spreadsheets expect. */
export function csvDocument(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

import { textAsSeen } from './text-normalise.ts';

/**
 * CSV as spreadsheets and brokers write it (RFC 4180): quoted fields with doubled quotes and
 * line breaks inside, CRLF or LF line ends, a UTF-8 byte order mark, and comma, semicolon or
 * tab as the separator (whichever the header line uses most).
 */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = detectSeparator(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
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
      endField();
    } else if (char === '\n' || char === '\r') {
      endRow();
      if (char === '\r' && source[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  // Blank lines (a trailing newline, an empty line between blocks) are not rows.
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

function detectSeparator(text: string): string {
  const end = text.search(/[\r\n]/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((separator) => ({
    separator,
    count: firstLine.split(separator).length - 1,
  }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.count > 0 ? counts[0]!.separator : ',';
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

/**
 * CSV as spreadsheets and brokers write it (RFC 4180): quoted fields with doubled quotes and
 * line breaks inside, CRLF or LF line ends, a UTF-8 byte order mark, and comma, semicolon or
 * tab as the separator (whichever the header line uses most).
 */
export function parseCsv(text: string): string[][] {
  return [...csvRecords(text)];
}

/** `parseCsv` one record at a time (a large file can be read in slices); blank lines skipped. */
export function* csvRecords(text: string): Generator<string[], void, undefined> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = detectSeparator(source);
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  // Blank lines (a trailing newline, an empty line between blocks) are not rows.
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
      if (!blank(row)) yield row;
      row = [];
      if (char === '\r' && source[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    if (!blank(row)) yield row;
  }
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
 * One CSV line. Fields with a separator, quote or line break are quoted; a text field that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe, numbers
 * (such as -12.50) are left as they are.
 */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return values
    .map((value) => {
      let text = value === null || value === undefined ? '' : String(value);
      if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
      return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** A CSV document: lines joined with CRLF, as spreadsheets expect. */
export function csvDocument(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

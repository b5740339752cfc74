import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes and CRLF', () => {
    const text =
      '\ufeffdate,note\r\n2024-01-02,"Bought, finally"\r\n2024-01-03,"He said ""sell""\nthen left"\r\n\r\n';
    expect(parseCsv(text)).toEqual([
      ['date', 'note'],
      ['2024-01-02', 'Bought, finally'],
      ['2024-01-03', 'He said "sell"\nthen left'],
    ]);
  });

  it('finds the separator a spreadsheet in another locale used', () => {
    expect(parseCsv('Date;Symbol;Price\n31.01.2024;AAPL;"1,5"')).toEqual([
      ['Date', 'Symbol', 'Price'],
      ['31.01.2024', 'AAPL', '1,5'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('writes fields a spreadsheet reads back, and never a formula', () => {
    expect(csvLine(['a,b', 'say "hi"', null, -12.5, '-3', '=SUM(A1)', '@cmd'])).toBe(
      '"a,b","say ""hi""",,-12.5,-3,\'=SUM(A1),\'@cmd',
    );
    expect(parseCsv(csvDocument([csvLine(['x', 'y']), csvLine(['1', 'two, three'])]))).toEqual([
      ['x', 'y'],
      ['1', 'two, three'],
    ]);
  });

  it('guards formulas written in full-width or hidden behind invisible characters', () => {
    expect(
      csvLine([
        '\uff1dHYPERLINK("http://x.example","click")',
        '\uff0b1+1',
        '\uff0d2+3',
        '\uff20SUM(A1)',
        '\u200b=1+1',
        '  =1+1',
        '\tcmd',
        '\rcmd',
      ]),
    ).toBe(
      [
        '"\'\uff1dHYPERLINK(""http://x.example"",""click"")"',
        "'\uff0b1+1",
        "'\uff0d2+3",
        "'\uff20SUM(A1)",
        "'\u200b=1+1",
        "'  =1+1",
        "'\tcmd",
        '"\'\rcmd"',
      ].join(','),
    );
  });

  it('leaves plain numbers and ordinary text as they are', () => {
    expect(csvLine([-12.5, '-3', '+4.25', 'AAPL', 'Opening deposit', '\uff11\uff12'])).toBe(
      '-12.5,-3,+4.25,AAPL,Opening deposit,\uff11\uff12',
    );
  });
});

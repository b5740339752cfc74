import { importRequestSchema, portfolioTemplateCsv } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './import-rows.ts';

describe('the portfolio template offered at /tools/templates', () => {
  it('is read by the importer as our template, every row a transaction', () => {
    const file = readImportFile(
      importRequestSchema.parse({ csv: portfolioTemplateCsv(), format: 'tickerwise' }),
    );
    expect(file.errors).toEqual([]);
    expect(file.skipped).toEqual([]);
    expect(file.rowCount).toBe(7);
    expect(file.rows.map((row) => row.input.kind)).toEqual([
      'deposit',
      'buy',
      'dividend',
      'split',
      'sell',
      'fee',
      'withdrawal',
    ]);
    expect(file.rows[1]?.input).toMatchObject({ symbol: 'AAPL', quantity: '20', price: '185.64' });
  });
});

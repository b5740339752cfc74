import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '@tickerwise/shared';
import { describe, expect, it, vi } from 'vitest';
import { ImportLeftOut } from './import-left-out.tsx';

/** A Schwab file's preview as the server answers it, its money fund not covered. */
const preview: ImportPreview = {
  rowCount: 26,
  importable: 0,
  skipped: 2,
  skippedRows: [
    {
      row: 22,
      reason: '"Credit Interest": Interest is not a kind of transaction the ledger records.',
    },
    { row: 28, reason: 'A total line, not a transaction.' },
  ],
  notCovered: [{ symbol: 'SWVXX', rows: 3 }],
  valid: false,
  rows: [],
  errors: [{ row: 20, column: 'Symbol', message: 'We have no market data for SWVXX.' }],
  errorCount: 3,
  headers: ['Date', 'Action', 'Symbol'],
  firstDate: null,
  lastDate: null,
};

describe('what an import leaves out', () => {
  it('lists every row left out with its reason', async () => {
    render(
      <ImportLeftOut preview={preview} leaveOutUncovered={false} onLeaveOutUncovered={() => {}} />,
    );
    await userEvent.click(screen.getByText('2 rows left out'));
    const table = screen.getByRole('table', { name: 'Rows left out' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '22"Credit Interest": Interest is not a kind of transaction the ledger records.',
      '28A total line, not a transaction.',
    ]);
  });

  it('names the symbols not covered and lets the user leave them out', async () => {
    const onLeaveOut = vi.fn();
    render(
      <ImportLeftOut
        preview={preview}
        leaveOutUncovered={false}
        onLeaveOutUncovered={onLeaveOut}
      />,
    );
    expect(screen.getByText(/SWVXX \(3 rows\)/).textContent).toContain('SWVXX (3 rows).');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Leave their rows out and import the rest' }),
    );
    expect(onLeaveOut).toHaveBeenCalledWith(true);
  });

  it('says nothing when nothing is left out', () => {
    const { container } = render(
      <ImportLeftOut
        preview={{ ...preview, skipped: 0, skippedRows: [], notCovered: [] }}
        leaveOutUncovered={false}
        onLeaveOutUncovered={() => {}}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});

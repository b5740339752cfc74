import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

describe('a dialog', () => {
  it('opens from its button, is named by its title, and gives focus back when Escape closes it', async () => {
    render(
      <Dialog
        title="Delete watchlist"
        description="Its symbols stay in your other watchlists."
        trigger={<button type="button">Delete</button>}
      >
        <button type="button">Confirm</button>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Delete watchlist' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

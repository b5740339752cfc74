import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShownOnceDialog } from './shown-once-dialog.tsx';

function show(onClose = () => {}) {
  render(
    <ShownOnceDialog
      secret="tw_live_0123456789"
      title="Your new API key"
      label="API key"
      warning="This is the only time the key is shown."
      onClose={onClose}
    />,
  );
}

describe('a secret shown once', () => {
  it('is in a named field, copied by its button, and the dialog says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    show();
    expect(screen.getByRole('textbox', { name: 'API key' })).toHaveProperty(
      'value',
      'tw_live_0123456789',
    );
    await user.click(screen.getByRole('button', { name: 'Copy the API key' }));
    expect(writeText).toHaveBeenCalledWith('tw_live_0123456789');
    expect(screen.getByRole('status').textContent).toBe('Copied to your clipboard.');
    writeText.mockRestore();
  });

  it('tells the user to copy it by hand when the browser refuses, and closes when done', async () => {
    const user = userEvent.setup();
    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new Error('denied'));
    const onClose = vi.fn();
    show(onClose);
    await user.click(screen.getByRole('button', { name: 'Copy the API key' }));
    expect(screen.getByRole('status').textContent).toContain('select the API key and copy it');
    await user.click(screen.getByRole('button', { name: "I've copied it" }));
    expect(onClose).toHaveBeenCalledOnce();
    writeText.mockRestore();
  });
});

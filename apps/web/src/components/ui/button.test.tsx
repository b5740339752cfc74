import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ErrorState } from './error-state.tsx';

describe('buttons and error states', () => {
  it('a busy button says what it is doing and cannot be pressed again', async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyLabel="Processing..." onClick={onClick}>
        Pay $19.99
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Processing...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('an error state is announced and offers to try again', async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Failed to fetch stock data" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch stock data');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

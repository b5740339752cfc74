import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useSearchShortcut } from './search-shortcut.ts';

function Page({ hidden = false }: { hidden?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  useSearchShortcut(input);
  return (
    <>
      <div aria-hidden={hidden || undefined}>
        <input ref={input} aria-label="Symbol search" />
      </div>
      <button type="button">Somewhere on the page</button>
      <input aria-label="Name" />
      <textarea aria-label="Note" />
      <input type="checkbox" aria-label="Agree" />
    </>
  );
}

const search = () => screen.getByRole('textbox', { name: 'Symbol search' });

describe('the search shortcut', () => {
  for (const [keys, name] of [
    ['/', 'slash'],
    ['{Control>}k{/Control}', 'Ctrl+K'],
    ['{Meta>}k{/Meta}', 'Cmd+K'],
  ] as const) {
    it(`focuses the symbol search on ${name} from anywhere on the page`, async () => {
      render(<Page />);
      screen.getByRole('button').focus();
      await userEvent.keyboard(keys);
      expect(document.activeElement).toBe(search());
      // The key itself is not typed into the box.
      expect((search() as HTMLInputElement).value).toBe('');
    });
  }

  it('does nothing while typing in a field', async () => {
    render(<Page />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'a/b');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('a/b');
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), '/');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
  });

  it('works from a checkbox, which takes no typing', async () => {
    render(<Page />);
    screen.getByRole('checkbox').focus();
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(search());
  });

  it('leaves the focus alone while a dialog hides the page', async () => {
    render(<Page hidden />);
    screen.getByRole('button', { hidden: true }).focus();
    await userEvent.keyboard('/');
    expect(document.activeElement).not.toBe(screen.getByLabelText('Symbol search'));
  });

  it('ignores other keys and combinations', async () => {
    render(<Page />);
    screen.getByRole('button').focus();
    await userEvent.keyboard('k{Alt>}/{/Alt}{Control>}{Shift>}k{/Shift}{/Control}');
    expect(document.activeElement).toBe(screen.getByRole('button'));
  });
});

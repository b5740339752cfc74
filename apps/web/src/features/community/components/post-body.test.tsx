import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostBody } from './post-body.tsx';
import { parseInline } from './post-markdown.ts';

function html(body: string, symbols: string[] = [], mentions: string[] = []) {
  const { container } = render(
    <MemoryRouter>
      <PostBody body={body} symbols={symbols} mentions={mentions} />
    </MemoryRouter>,
  );
  return container.firstElementChild as HTMLElement;
}

describe('a post’s Markdown subset', () => {
  it('renders bold, italic, lists and paragraphs', () => {
    const root = html(
      '**Strong** and *soft* and _also soft_\nnext line\n\n- one\n- two\n\n1. first',
    );
    expect(root.querySelector('strong')?.textContent).toBe('Strong');
    expect([...root.querySelectorAll('em')].map((em) => em.textContent)).toEqual([
      'soft',
      'also soft',
    ]);
    expect(root.querySelector('p')?.querySelector('br')).not.toBeNull();
    expect([...root.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(root.querySelector('ol li')?.textContent).toBe('first');
  });

  it('links web addresses only, as nofollow ugc noopener', () => {
    const root = html(
      '[docs](https://example.com/a) and https://example.org/b. [bad](javascript:alert(1))',
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'https://example.org/b',
    ]);
    for (const link of links) expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(root.textContent).toContain('[bad](javascript:alert(1))');
  });

  it('never renders HTML from the text', () => {
    const root = html(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> **<b>bold</b>** [<i>x</i>](https://a.example)',
    );
    expect(root.querySelector('script, img, b, i')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('links the cashtags the server accepted to their stock page, and leaves others as text', () => {
    const root = html('Long $aapl, short $XYZ, paid $5 for $BRK.B.', ['AAPL', 'BRK.B']);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['$AAPL', '/dashboard/investments/stocks/AAPL'],
      ['$BRK.B', '/dashboard/investments/stocks/BRK.B'],
    ]);
    expect(root.textContent).toContain('short $XYZ, paid $5 for');
  });

  it('keeps text around markers it does not understand', () => {
    expect(parseInline('2 * 3 * 4 and a_b_c', { symbols: new Set(), handles: new Map() })).toEqual([
      { type: 'text', text: '2 * 3 * 4 and a_b_c' },
    ]);
  });

  it('links the mentions of members the server found to their profiles, and leaves others as text', () => {
    const root = html(
      'Thanks @Ada_Lee and @nobody_here, mail me at me@ada_lee.com',
      [],
      ['ada_lee'],
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@ada_lee', '/dashboard/social/u/ada_lee'],
    ]);
    expect(root.textContent).toContain('and @nobody_here, mail me at me@ada_lee.com');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Link, type Navigation, NavigationContext, usePathname } from './navigation.tsx';

/**
 * Clicks `element` and tells whether the page's handlers took the click from the browser; the
 * browser's own following of the link is then stopped (the test has no pages to load).
 */
function click(element: HTMLElement, init: MouseEventInit = {}): boolean {
  let prevented = false;
  const see = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', see, { once: true });
  element.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
  );
  return prevented;
}

function withNavigation(navigation: Navigation, children: React.ReactNode) {
  return render(
    <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>,
  );
}

describe('Link', () => {
  it('is a link that works before any script, followed by the navigation on a plain click', () => {
    const navigate = vi.fn();
    withNavigation(
      { pathname: '/', navigate },
      <Link to="/pricing" state={{ from: 'test' }} className="cta">
        See the plans
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'See the plans' });
    expect(link.getAttribute('href')).toBe('/pricing');
    expect(link.className).toBe('cta');
    expect(click(link)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/pricing', {
      replace: undefined,
      state: { from: 'test' },
    });
  });

  it('leaves a click with a modifier, another button, a target or a download to the browser', () => {
    const navigate = vi.fn();
    withNavigation(
      { pathname: '/', navigate },
      <>
        <Link to="/help">Help</Link>
        <Link to="/docs" target="_blank">
          Docs
        </Link>
        <Link to="/tools/templates" download>
          Template
        </Link>
      </>,
    );
    const help = screen.getByRole('link', { name: 'Help' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(click(help, init)).toBe(false);
    }
    for (const name of ['Docs', 'Template']) {
      expect(click(screen.getByRole('link', { name }))).toBe(false);
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('runs its own onClick first and lets it keep the browser’s way', () => {
    const navigate = vi.fn();
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    withNavigation(
      { pathname: '/', navigate },
      <Link to="/signup?plan=pro" onClick={onClick}>
        Get Started
      </Link>,
    );
    expect(click(screen.getByRole('link', { name: 'Get Started' }))).toBe(true);
    expect(onClick).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without a navigation is a plain link the browser follows', () => {
    render(<Link to="/about">About</Link>);
    expect(click(screen.getByRole('link', { name: 'About' }))).toBe(false);
  });
});

describe('usePathname', () => {
  function Path() {
    return <p>{usePathname()}</p>;
  }

  it('reads the navigation’s path, and the address’s without one', () => {
    withNavigation({ pathname: '/dashboard/stocks', navigate: vi.fn() }, <Path />);
    expect(screen.getByText('/dashboard/stocks')).toBeTruthy();
    window.history.replaceState(null, '', '/features/ai');
    render(<Path />);
    expect(screen.getByText('/features/ai')).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });
});

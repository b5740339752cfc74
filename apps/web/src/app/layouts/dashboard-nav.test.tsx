import { render, screen, within } from '@testing-library/react';
import { paths } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardNav } from './dashboard-nav.tsx';

function socialLinks(moderator: boolean): string[] {
  render(
    <MemoryRouter initialEntries={[paths.socialFeed]}>
      <DashboardNav moderator={moderator} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  const list = within(nav).getByRole('button', { name: 'Social' }).nextElementSibling;
  return within(list as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the dashboard navigation', () => {
  it('leads moderators to the moderation queue', () => {
    expect(socialLinks(true)).toEqual(['Feed', 'Updates', 'Messages', 'Moderation']);
  });

  it('has no moderation link for members', () => {
    expect(socialLinks(false)).toEqual(['Feed', 'Updates', 'Messages']);
  });

  it('shows the unread count beside Messages, and on the Social group while it is closed', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={[paths.socialFeed]}>
        <DashboardNav unreadMessages={<span>2 unread</span>} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Messages 2 unread' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Social' })).toBeTruthy();
    unmount();

    render(
      <MemoryRouter initialEntries={[paths.dashboard]}>
        <DashboardNav unreadMessages={<span>2 unread</span>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Social 2 unread' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
  });
});

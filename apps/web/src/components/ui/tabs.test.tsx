import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

describe('tabs', () => {
  it('shows one panel and moves between tabs with the arrow keys', async () => {
    render(
      <Tabs defaultValue="summary">
        <TabsList label="Analysis views">
          <TabsTrigger value="summary">Summary</TabsTrigger>
          <TabsTrigger value="technicals">Technicals</TabsTrigger>
        </TabsList>
        <TabsContent value="summary">The summary</TabsContent>
        <TabsContent value="technicals">The technicals</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Analysis views' })).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toBe('The summary');
    await userEvent.click(screen.getByRole('tab', { name: 'Summary' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Technicals' }));
    expect(screen.getByRole('tab', { name: 'Technicals' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('The technicals');
  });
});

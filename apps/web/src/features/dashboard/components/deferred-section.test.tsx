import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { lazy, type Ref } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredSection } from './deferred-section.tsx';

/** What the test's screen above the fold reads; it answers when the test says. */
let answer: (value: string) => void = () => {};

function AboveTheFold() {
  const query = useQuery({
    queryKey: ['above'],
    queryFn: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  });
  return <p>{query.data ?? 'Reading…'}</p>;
}

const Panel = lazy(async () => ({ default: () => <p>The panel's figures</p> }));
const placeholder = (ref?: Ref<HTMLDivElement>) => <div ref={ref}>Panel loading</div>;

/** Stands in for the browser's IntersectionObserver: the test scrolls the panel into view. */
class FakeIntersectionObserver {
  static latest: FakeIntersectionObserver | undefined;
  observed: Element[] = [];
  constructor(readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeIntersectionObserver.latest = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  scrollIntoView() {
    this.callback([{ isIntersecting: true }]);
  }
}

function renderHome() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AboveTheFold />
      <DeferredSection placeholder={placeholder}>
        <Panel />
      </DeferredSection>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeIntersectionObserver.latest = undefined;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a panel below the fold', () => {
  it("waits in its loading look until the screen's reads have settled, then draws itself", async () => {
    renderHome();
    expect(screen.getByText('Panel loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText("The panel's figures")).toBeNull();
    await act(async () => answer('Read'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('Read')).toBeTruthy();
    expect(screen.getByText("The panel's figures")).toBeTruthy();
    expect(screen.queryByText('Panel loading')).toBeNull();
  });

  it('is drawn at once when it comes near the screen', async () => {
    renderHome();
    expect(FakeIntersectionObserver.latest?.observed).toEqual([screen.getByText('Panel loading')]);
    await act(async () => FakeIntersectionObserver.latest?.scrollIntoView());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("The panel's figures")).toBeTruthy();
    expect(screen.getByText('Reading…')).toBeTruthy();
  });

  it('is drawn after 5 s even if a read never ends', async () => {
    renderHome();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.queryByText("The panel's figures")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText("The panel's figures")).toBeTruthy();
  });
});

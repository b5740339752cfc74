import { describe, expect, it } from 'vitest';
import { SharedJson } from './shared-json.ts';

describe('a shared JSON answer', () => {
  it('builds once for concurrent callers and again after its time', async () => {
    let now = 0;
    let builds = 0;
    const shared = new SharedJson(1_000, () => now);
    const load = async () => ({ build: ++builds });
    expect(shared.fresh()).toBeUndefined();
    const [a, b] = await Promise.all([shared.get(load), shared.get(load)]);
    expect(a.toString()).toBe('{"build":1}');
    expect(b).toBe(a);
    now = 999;
    expect(shared.fresh()).toBe(a);
    expect((await shared.get(load)).toString()).toBe('{"build":1}');
    now = 1_000;
    expect(shared.fresh()).toBeUndefined();
    expect((await shared.get(load)).toString()).toBe('{"build":2}');
  });

  it('does not keep a failure', async () => {
    const shared = new SharedJson(1_000);
    await expect(shared.get(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await shared.get(async () => ({ ok: true }))).toString()).toBe('{"ok":true}');
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('makes each encoding once per answer, from that answer', async () => {
    let now = 0;
    let builds = 0;
    const shared = new SharedJson(1_000, () => now);
    const load = async () => ({ build: ++builds, padding: 'x'.repeat(2_000) });
    expect(shared.fresh('br')).toBeUndefined();
    const br = await shared.get(load, 'br');
    expect(JSON.parse(brotliDecompressSync(br).toString()).build).toBe(1);
    expect(shared.fresh('br')).toBe(br);
    const gzip = shared.fresh('gzip')!;
    expect(gunzipSync(gzip).equals(shared.fresh()!)).toBe(true);
    expect(shared.fresh('gzip')).toBe(gzip);
    now = 1_000;
    expect(shared.fresh('br')).toBeUndefined();
    const next = await shared.get(load, 'gzip');
    expect(JSON.parse(gunzipSync(next).toString()).build).toBe(2);
    expect(JSON.parse(brotliDecompressSync(shared.fresh('br')!).toString()).build).toBe(2);
  });
});

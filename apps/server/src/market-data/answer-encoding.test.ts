import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app.ts';

describe('kept answers in the encoding the client accepts', () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    cookie = (await signUpUser(testApp.app)).cookie;
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ url, headers: { cookie, ...headers } });

  it.each(['/api/stocks', '/api/etfs'])(
    'answers %s with the same list plain, in brotli and in gzip, as negotiated',
    async (url) => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const list = plain.json();
      expect(Object.values(list)[0]).not.toHaveLength(0);

      // A browser's header: brotli, made once for the list and sent as it is.
      const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
      const br = await get(url, browser);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(list);
      expect((await get(url, browser)).rawPayload.equals(br.rawPayload)).toBe(true);

      for (const header of ['gzip', 'br;q=0, gzip;q=0.8', '*;q=0.5, br;q=0', 'x-gzip']) {
        const gzip = await get(url, { 'accept-encoding': header });
        expect(gzip.headers['content-encoding'], header).toBe('gzip');
        expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(list);
      }
      // Only deflate: the plain bytes, which the compression plugin deflates as any answer.
      const deflate = await get(url, { 'accept-encoding': 'deflate' });
      expect(deflate.headers['content-encoding']).toBe('deflate');
      expect(JSON.parse(inflateSync(deflate.rawPayload).toString())).toEqual(list);
      // No compression wanted, or refused: the plain bytes.
      const plainOnly: Record<string, string>[] = [
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br', 'x-no-compression': '1' },
      ];
      for (const headers of plainOnly) {
        const answer = await get(url, headers);
        expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
        expect(answer.rawPayload.equals(plain.rawPayload)).toBe(true);
      }
    },
  );

  it.each([
    '/api/stocks/AAPL/history?range=5y',
    '/api/stocks/MSFT/history?range=1m&averages=sma',
    '/api/stocks/AAPL/profile',
  ])('answers %s in brotli or gzip with an ETag of its own for each', async (url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).toBe(`${etag.slice(0, -1)}-gzip"`);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // Whichever form the client holds, it is the same answer: 304, no body.
    for (const held of [etag, br.headers.etag as string, `W/${gzip.headers.etag}`]) {
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': held });
      expect(again.statusCode, held).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(br.headers.etag);
    }
    const other = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"other-br"' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a visitor without a session whatever they accept', async () => {
    const answer = await testApp.app.inject({
      url: '/api/stocks',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(401);
  });
});

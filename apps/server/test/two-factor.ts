import { generate } from 'otplib';
import { cookieFrom } from './test-app.ts';

/**
 * A code for the secret of an `otpauth://` address, from an implementation of RFC 6238 other
 * than the server's; `steps` moves it 30 s back or forth (the server takes one step either way).
 */
export async function codeFor(totpURI: string, steps = 0): Promise<string> {
  // The server accepts the codes of one step either side of its own. A code made in the last
  // seconds of a step may be checked in the next one, where the code of one step back is two
  // steps back: start on a fresh step instead.
  const intoStep = Date.now() % 30_000;
  if (intoStep > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
  const secret = new URL(totpURI).searchParams.get('secret')!;
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Merges Set-Cookie lines into a cookie header (the session cookie is replaced on rotation). */
export function withCookies(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const pair of cookieFrom(setCookie).split('; ').filter(Boolean)) {
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

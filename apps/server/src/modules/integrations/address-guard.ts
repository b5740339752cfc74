import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { destinationAddressRefusedCode } from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';

/**
 * Which addresses a destination may point at (ADR 0043): https on a public address only, so
 * that nobody can make the server post to its own network (server-side request forgery). The
 * name is resolved and every address it resolves to must be public; the sender then connects
 * to the address checked here, so a second resolution cannot swap it (DNS rebinding).
 */

/** Loopback and plain http, for tests only (refused in production by the config). */
export interface TargetPolicy {
  allowLoopback: boolean;
}

/** A refusal of a destination's address, with what was wrong, for the user. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

/** How long resolving a destination's name may take. */
const resolveTimeoutMs = 5_000;

/** The 16 bytes of an IPv6 address, or undefined when it is not one. */
function ipv6Bytes(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4Bytes(tail[1]!);
    if (!v4) return undefined;
    text = `${text.slice(0, -tail[1]!.length)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string) => (half === '' ? [] : half.split(':'));
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

function ipv4Bytes(address: string): number[] | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : undefined;
}

/** Why an IPv4 address is not public, or undefined when it is. */
function ipv4Refusal(bytes: number[]): string | undefined {
  const [a = 0, b = 0, c = 0] = bytes;
  if (a === 0) return 'an unspecified address';
  if (a === 127) return 'a loopback address';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
    return 'a private address';
  }
  if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier-grade NAT) address';
  if (a === 169 && b === 254) return 'a link-local address';
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'a reserved address';
  if (a === 198 && (b === 18 || b === 19)) return 'a reserved address';
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) {
    return 'a reserved address';
  }
  if (a >= 224 && a <= 239) return 'a multicast address';
  if (a >= 240) return 'a reserved address';
  return undefined;
}

/** Why an IPv6 address is not public (its embedded IPv4 address judged too). */
function ipv6Refusal(bytes: number[]): string | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 16)) return 'an unspecified address';
  if (zeros(0, 15) && bytes[15] === 1) return 'a loopback address';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): judged as IPv4.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return ipv4Refusal(bytes.slice(12));
  }
  if (zeros(0, 12)) return 'a reserved address';
  // NAT64 (64:ff9b::/96) reaches the IPv4 address inside it.
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    return ipv4Refusal(bytes.slice(12)) ?? 'a translated address';
  }
  if ((bytes[0]! & 0xfe) === 0xfc) return 'a private address';
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'a link-local address';
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return 'a site-local address';
  if (bytes[0] === 0xff) return 'a multicast address';
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) {
    return 'a reserved address';
  }
  // 6to4 (2002::/16) carries an IPv4 address in its next 4 bytes.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4Refusal(bytes.slice(2, 6));
  // Only global unicast (2000::/3) is public.
  if ((bytes[0]! & 0xe0) !== 0x20) return 'a reserved address';
  return undefined;
}

function isLoopback(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return v4[0] === 127;
  const v6 = ipv6Bytes(address);
  if (!v6) return false;
  return v6.slice(0, 15).every((byte) => byte === 0) && v6[15] === 1;
}

/** Why `address` (an IP address) may not be posted to, or undefined when it may. */
export function addressRefusal(address: string, policy: TargetPolicy): string | undefined {
  if (policy.allowLoopback && isLoopback(address)) return undefined;
  const family = isIP(address);
  if (family === 4) return ipv4Refusal(ipv4Bytes(address)!);
  if (family === 6) {
    const bytes = ipv6Bytes(address);
    return bytes ? ipv6Refusal(bytes) : 'not an address';
  }
  return 'not an address';
}

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a destination's address as written: https (http only with the test policy), no user
 * name or password in it. Throws `AddressRefused` saying what is wrong.
 */
export function checkUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefused('This is not a web address.');
  }
  const insecureAllowed =
    policy.allowLoopback &&
    url.protocol === 'http:' &&
    (isLoopback(hostOf(url)) || url.hostname === 'localhost');
  if (url.protocol !== 'https:' && !insecureAllowed) {
    throw new AddressRefused('The address must start with https://.');
  }
  if (url.username || url.password) {
    throw new AddressRefused('The address may not carry a user name or password.');
  }
  if (!url.hostname) throw new AddressRefused('The address has no host.');
  return url;
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host and checks every address it has: the one to connect to, or
 * `AddressRefused` when any of them is not public (or the name does not resolve).
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<ResolvedTarget> {
  const host = hostOf(url);
  const literal = isIP(host);
  const found = literal
    ? [{ address: host, family: literal }]
    : await Promise.race([
        lookup(host, { all: true, verbatim: true }),
        new Promise<never>((_resolve, reject) =>
          setTimeout(
            () => reject(new AddressRefused(`${host} did not resolve in time.`)),
            resolveTimeoutMs,
          ).unref(),
        ),
      ]).catch((error: unknown) => {
        if (error instanceof AddressRefused) throw error;
        throw new AddressRefused(`${host} does not resolve to an address.`);
      });
  if (found.length === 0) throw new AddressRefused(`${host} does not resolve to an address.`);
  for (const { address } of found) {
    const refusal = addressRefusal(address, policy);
    if (refusal) {
      throw new AddressRefused(
        literal
          ? `${host} is ${refusal}: destinations must be on the public internet.`
          : `${host} resolves to ${refusal} (${address}): destinations must be on the public internet.`,
      );
    }
  }
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The 400 a refused address is answered with. */
export function addressRefusedError(error: AddressRefused): AppError {
  return new AppError(400, destinationAddressRefusedCode, error.message, { url: error.message });
}

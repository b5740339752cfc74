// `/api/events` streams for benchmarks, as browser tabs hold them: accounts to sign up, streams
// that note when each chunk arrived, and the server process's CPU and memory from /proc.
//
// A stream only notes the arrival (and keeps the text when asked); the frames are read later.
// With thousands of streams in one process, reading each frame as it comes would make the
// last stream of a burst wait for the parsing of all the others, which is the benchmark's own
// cost, not the server's delivery.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

/**
 * The benchmark's clock in milliseconds: wall time at sub-millisecond precision, comparable
 * between processes on one machine and with the instants the server writes (`asOf`).
 */
export const clockMs = () => performance.timeOrigin + performance.now();

/** A made-up client address for account or stream `index` in `net` (10.net.x.y). */
export function benchAddress(net, index) {
  return `10.${net}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * Signs up account `index` on `plan` from its own address; its cookie and user id. Alpha Tester
 * needs an `invitationCode` (testkit's `inviteCodes`).
 */
export async function signUpBenchAccount(url, index, { prefix, plan, net, invitationCode }) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': benchAddress(net, index),
    },
    body: JSON.stringify({
      name: `Bench Investor ${index}`,
      email: `${prefix}-${index}@example.com`,
      password: 'correct horse battery',
      plan,
      invitationCode,
    }),
  });
  if (!response.ok) {
    throw new Error(`sign-up ${index}: ${response.status} ${await response.text()}`);
  }
  const body = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, id: body.user.id };
}

/**
 * Opens an `/api/events` stream; resolves once the server has said it is connected and, when
 * the server gives the tab live prices, named it (`streamId`). From then on `arrivals` holds
 * the arrival instant (`clockMs`) of every chunk carrying an event, and with `keepText` the
 * chunks themselves for `events()`.
 */
export function openEventStream(url, cookie, { address, keepText = false, live = false } = {}) {
  return new Promise((opened, fail) => {
    const headers = { accept: 'text/event-stream', cookie };
    if (address) headers['x-forwarded-for'] = address;
    const req = request(`${url}/api/events`, { agent: false, headers });
    const stream = {
      streamId: undefined,
      arrivals: [],
      chunks: [],
      close: () => req.destroy(),
      /** The events kept so far whose chunk arrived in [fromMs, toMs), in order. */
      events: (fromMs = Number.NEGATIVE_INFINITY, toMs = Number.POSITIVE_INFINITY) =>
        readEvents(stream.chunks, fromMs, toMs),
    };
    let start = '';
    req.on('error', fail);
    req.on('response', (response) => {
      if (response.statusCode !== 200) {
        fail(new Error(`/api/events answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const arrived = clockMs();
        if (start !== undefined) {
          start += chunk;
          const hello = /"type":"hello","streamId":"([^"]+)"/.exec(start);
          if (hello) stream.streamId = hello[1];
          if (!start.includes(': connected') || (live && !hello)) return;
          // The opening's own frames are not events; a frame begun after them is kept.
          const rest = start.slice(start.lastIndexOf('\n\n') + 2);
          if (keepText && rest) stream.chunks.push(arrived, rest);
          start = undefined;
          opened(stream);
          return;
        }
        if (chunk.includes('data: ')) stream.arrivals.push(arrived);
        if (keepText) stream.chunks.push(arrived, chunk);
      });
      response.on('error', () => {});
    });
    req.end();
  });
}

/** Parses kept chunks (`[arrived, text, arrived, text, ...]`) into `{ arrived, event }`. */
function readEvents(chunks, fromMs, toMs) {
  const events = [];
  let buffer = '';
  for (let index = 0; index < chunks.length; index += 2) {
    // A frame counts as arrived when its last part did.
    const arrived = chunks[index];
    buffer += chunks[index + 1];
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (arrived < fromMs || arrived >= toMs) continue;
      const data = frame.split('\n').find((line) => line.startsWith('data: '));
      if (data) events.push({ arrived, event: JSON.parse(data.slice(6)) });
    }
  }
  return events;
}

/** The resident memory of process `pid`, in MiB (Linux). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** The CPU time process `pid` has used so far, in seconds (user + system, Linux). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';

/** What `npm run notify` reads to reach the running server: its address and a secret. */
export interface OperatorFile {
  url: string;
  token: string;
  pid: number;
}

export const operatorFileName = 'operator.json';

/**
 * Operator access for command-line tools. With PGlite only the server process may open the
 * data folder, so commands ask the running server instead. At start-up the server makes a
 * random token and writes it, with its address, to `DATA_DIR/operator.json` (mode 0600):
 * whoever can read that file can read the database files beside it anyway, so it grants
 * nothing new. The token lives only as long as the process; the file is removed on shutdown.
 */
export class OperatorAccess {
  private readonly token = randomBytes(32).toString('base64url');
  private readonly file: string | undefined;

  /** `dataDir` empty: no file is written (tests in memory). */
  constructor(dataDir: string) {
    this.file = dataDir ? join(dataDir, operatorFileName) : undefined;
  }

  /** True when the request carries this server's operator token as a Bearer credential. */
  isOperator(request: FastifyRequest): boolean {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return false;
    const given = Buffer.from(header.slice('Bearer '.length).trim());
    const expected = Buffer.from(this.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Writes the operator file for a server that listens at `url`. */
  publish(url: string): void {
    if (!this.file) return;
    const content: OperatorFile = { url, token: this.token, pid: process.pid };
    mkdirSync(join(this.file, '..'), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(content)}\n`, { mode: 0o600 });
    renameSync(temporary, this.file);
  }

  /** Removes the operator file if it is still this process's (another instance may own it now). */
  withdraw(): void {
    if (!this.file) return;
    try {
      const current = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<OperatorFile>;
      if (current.token === this.token) rmSync(this.file, { force: true });
    } catch {
      // Already gone or unreadable: nothing of ours to remove.
    }
  }
}

/** The address a local command reaches a server at, from one of the addresses it listens on. */
export function localUrl(addresses: (AddressInfo | string)[]): string {
  const network = addresses.filter((entry): entry is AddressInfo => typeof entry !== 'string');
  const chosen = network.find((entry) => entry.family === 'IPv4') ?? network[0];
  if (!chosen) throw new Error('The server is not listening');
  const host =
    chosen.family === 'IPv6'
      ? `[${chosen.address === '::' ? '::1' : chosen.address}]`
      : chosen.address === '0.0.0.0'
        ? '127.0.0.1'
        : chosen.address;
  return `http://${host}:${chosen.port}`;
}

/** Creates the server's operator access and keeps its file in step with listening. */
export function registerOperatorAccess(app: FastifyInstance, dataDir: string): OperatorAccess {
  const access = new OperatorAccess(dataDir);
  app.addHook('onListen', async () => {
    try {
      access.publish(localUrl(app.addresses()));
    } catch (error) {
      app.log.warn({ err: error }, 'operator commands are unavailable: cannot write operator.json');
    }
  });
  app.addHook('onClose', async () => access.withdraw());
  return access;
}

/**
 * Lets through the operator (the token of `operator.json`) or a signed-in admin; a signed-in
 * user without the admin role gets 403, a visitor 401.
 */
export async function requireOperator(
  access: OperatorAccess,
  auth: Auth,
  request: FastifyRequest,
): Promise<void> {
  if (access.isOperator(request)) return;
  if (request.headers.authorization?.startsWith('Bearer ')) {
    throw new AppError(
      401,
      'invalid_operator_token',
      'The operator token is not the running server’s. Use the operator.json it wrote.',
    );
  }
  const user = await requireUser(auth, request);
  if (user.role !== 'admin') {
    throw new AppError(403, 'forbidden', 'Only operators and admins can do this.');
  }
}

import { Worker } from 'node:worker_threads';
import type { ReactElement } from 'react';
import { composeMessage, type OutgoingMessage } from './compose.ts';
import { type Footer, renderMessage } from './layout.tsx';
import type { RenderedMessage } from './message.ts';

/** A registered template, by name, and the arguments of its builder (plain data). */
export interface TemplateCall {
  name: string;
  args: readonly unknown[];
}

/** What rendering needs of a message: its subject, its body, and its template if registered. */
export interface Renderable {
  subject: string;
  body: (footer: Footer) => ReactElement;
  template?: TemplateCall | undefined;
}

/** Draws messages: the worker pool, or in-process when the app runs without workers. */
export interface MessageRenderer {
  render(message: Renderable, footer: Footer): Promise<RenderedMessage>;
  /** Builds a message's MIME source as it goes to the SMTP server (`composeMessage`). */
  compose(message: OutgoingMessage): Promise<Uint8Array>;
  /** Stops the workers (the app closing); renders still waiting fail. */
  close(): Promise<void>;
}

/**
 * Where a render worker starts: its module (TypeScript source goes through tsx, by
 * `tsx-worker.mjs`), and what it is given as `workerData`.
 */
export interface RenderWorkerEntry {
  url: URL;
  workerData?: Record<string, unknown>;
}

/** What the app asks a render worker: a message drawn, or a message's MIME source built. */
export type RenderRequest =
  | { id: number; call: TemplateCall; footer: Footer }
  | { id: number; compose: OutgoingMessage };

/** A render worker's answer: the message, its MIME source, or why it could not be made. */
export type RenderAnswer =
  | { id: number; message: RenderedMessage }
  | { id: number; source: Uint8Array }
  | { id: number; error: { message: string; stack?: string | undefined } };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The worker stopped (a crash, out of memory) before it answered. */
export class RenderWorkerStopped extends Error {}

export interface RenderLog {
  error(details: object, message: string): void;
}

/**
 * Renders on the event loop, one message at a time, each after the I/O waiting at that moment
 * (`setImmediate`): the way without workers (`EMAIL_RENDER_WORKERS=0`), and for a message drawn
 * on the spot rather than from a registered template.
 */
export class InProcessRenderer implements MessageRenderer {
  private turn: Promise<unknown> = Promise.resolve();

  render(message: Renderable, footer: Footer): Promise<RenderedMessage> {
    return this.inTurn(() => renderMessage(message.subject, message.body(footer)));
  }

  compose(message: OutgoingMessage): Promise<Uint8Array> {
    return this.inTurn(() => composeMessage(message));
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work);
    this.turn = done.catch(() => undefined);
    return done;
  }

  async close(): Promise<void> {
    await this.turn;
  }
}

interface Pending {
  resolve(answer: RenderedMessage | Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  failure?: Error;
}

/** A request waiting for a worker with room. */
interface Queued extends Pending {
  request: DistributiveOmit<RenderRequest, 'id'>;
}

/** Requests a worker holds at once: the one it works on, and the next, ready to start. */
const heldPerWorker = 2;

/**
 * A few worker threads (`node:worker_threads`) that render messages from their registered
 * templates, so that drawing an email (tens of milliseconds of CPU) never holds the event loop,
 * and build each message's MIME source when it is sent (encoding its parts, a few milliseconds).
 * Workers start on the first request and each takes the requests sent to it in turn; a request
 * goes to the worker with the fewest waiting. A worker that stops before answering is logged
 * and replaced, and its requests are tried once more on a fresh one; one that fails twice so
 * fails for its caller, which keeps the message to try again (an alert email's firings stay
 * pending for the next pass, a message to send waits in the outbox).
 */
export class RenderPool implements MessageRenderer {
  private readonly slots: Slot[] = [];
  /** Waiting for a worker: MIME sources to build go before renders. */
  private readonly composes: Queued[] = [];
  private readonly renders: Queued[] = [];
  private readonly inProcess = new InProcessRenderer();
  private sequence = 0;
  private closed = false;

  constructor(
    private readonly options: { size: number; entry: RenderWorkerEntry; log: RenderLog },
  ) {}

  async render(message: Renderable, footer: Footer): Promise<RenderedMessage> {
    const { template } = message;
    if (!template) return this.inProcess.render(message, footer);
    return (await this.twice({ call: template, footer })) as RenderedMessage;
  }

  async compose(message: OutgoingMessage): Promise<Uint8Array> {
    return (await this.twice({ compose: message })) as Uint8Array;
  }

  /** Asks a worker, and a fresh one once more if that one stopped before answering. */
  private async twice(
    request: DistributiveOmit<RenderRequest, 'id'>,
  ): Promise<RenderedMessage | Uint8Array> {
    try {
      return await this.inWorker(request);
    } catch (error) {
      if (!(error instanceof RenderWorkerStopped) || this.closed) throw error;
      return this.inWorker(request);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const closed = new Error('the email renderer is closed');
    for (const queued of [...this.composes.splice(0), ...this.renders.splice(0)]) {
      queued.reject(closed);
    }
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    await this.inProcess.close();
  }

  /**
   * Queues a request for a worker. Workers are handed two requests at most, so that a message
   * being sent (its MIME source to build) waits behind one render or two, not behind every
   * render of an alert pass.
   */
  private inWorker(
    request: DistributiveOmit<RenderRequest, 'id'>,
  ): Promise<RenderedMessage | Uint8Array> {
    if (this.closed) return Promise.reject(new Error('the email renderer is closed'));
    return new Promise<RenderedMessage | Uint8Array>((resolve, reject) => {
      ('compose' in request ? this.composes : this.renders).push({ request, resolve, reject });
      this.handOut();
    });
  }

  /** Hands the waiting requests, MIME sources first, to the workers with room. */
  private handOut(): void {
    while (!this.closed && this.composes.length + this.renders.length > 0) {
      const slot = this.pick();
      if (!slot) return;
      const queued = (this.composes.length > 0 ? this.composes : this.renders).shift()!;
      const id = ++this.sequence;
      slot.pending.set(id, queued);
      if (slot.pending.size === 1) slot.worker.ref();
      try {
        slot.worker.postMessage({ id, ...queued.request } satisfies RenderRequest);
      } catch (error) {
        // Arguments that cannot cross to a worker (a function, a class instance).
        this.settled(slot, id);
        queued.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  /** An idle worker, a new one while the pool is not full, else the least busy with room. */
  private pick(): Slot | undefined {
    const idle = this.slots.find((slot) => slot.pending.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.options.size) return this.start();
    const roomy = this.slots.filter((slot) => slot.pending.size < heldPerWorker);
    return roomy.reduce<Slot | undefined>(
      (best, slot) => (!best || slot.pending.size < best.pending.size ? slot : best),
      undefined,
    );
  }

  private start(): Slot {
    const { entry, log } = this.options;
    const worker = entry.url.pathname.endsWith('.ts')
      ? new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
          workerData: { ...entry.workerData, tsModule: entry.url.href },
        })
      : new Worker(entry.url, { workerData: entry.workerData });
    const slot: Slot = { worker, pending: new Map() };
    this.slots.push(slot);
    // A worker with nothing to do does not keep the process alive.
    worker.unref();
    worker.on('message', (answer: RenderAnswer) => {
      const pending = this.settled(slot, answer.id);
      if (pending) {
        if ('message' in answer) pending.resolve(answer.message);
        else if ('source' in answer) pending.resolve(answer.source);
        else {
          const error = new Error(answer.error.message);
          if (answer.error.stack) error.stack = answer.error.stack;
          pending.reject(error);
        }
      }
      this.handOut();
    });
    worker.on('error', (error) => {
      slot.failure = error;
    });
    worker.on('exit', (code) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      const lost = [...slot.pending.values()];
      slot.pending.clear();
      if (!this.closed) {
        log.error(
          { err: slot.failure, code, renders: lost.length },
          'an email render worker stopped; its renders are tried again in a new one',
        );
      }
      for (const pending of lost) {
        pending.reject(new RenderWorkerStopped(`the email render worker stopped (code ${code})`));
      }
      this.handOut();
    });
    return slot;
  }

  private settled(slot: Slot, id: number): Pending | undefined {
    const pending = slot.pending.get(id);
    slot.pending.delete(id);
    if (slot.pending.size === 0) slot.worker.unref();
    return pending;
  }
}

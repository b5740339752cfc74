import { Worker } from 'node:worker_threads';
import type { ReactElement } from 'react';
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

/** What the app asks a render worker. */
export interface RenderRequest {
  id: number;
  call: TemplateCall;
  footer: Footer;
}

/** A render worker's answer: the message, or why its template could not draw it. */
export type RenderAnswer =
  | { id: number; message: RenderedMessage }
  | { id: number; error: { message: string; stack?: string | undefined } };

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
    const rendered = this.turn
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => renderMessage(message.subject, message.body(footer)));
    this.turn = rendered.catch(() => undefined);
    return rendered;
  }

  async close(): Promise<void> {
    await this.turn;
  }
}

interface Pending {
  resolve(message: RenderedMessage): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  failure?: Error;
}

/**
 * A few worker threads (`node:worker_threads`) that render messages from their registered
 * templates, so that drawing an email (tens of milliseconds of CPU) never holds the event loop.
 * Workers start on the first render and each takes the messages sent to it in turn; a message
 * goes to the worker with the fewest waiting. A worker that stops before answering is logged
 * and replaced, and its renders are tried once more on a fresh one; a render that fails twice
 * so fails for its caller, which keeps the message to try again (an alert email's firings stay
 * pending for the next pass).
 */
export class RenderPool implements MessageRenderer {
  private readonly slots: Slot[] = [];
  private readonly inProcess = new InProcessRenderer();
  private sequence = 0;
  private closed = false;

  constructor(
    private readonly options: { size: number; entry: RenderWorkerEntry; log: RenderLog },
  ) {}

  async render(message: Renderable, footer: Footer): Promise<RenderedMessage> {
    const { template } = message;
    if (!template) return this.inProcess.render(message, footer);
    try {
      return await this.inWorker(template, footer);
    } catch (error) {
      if (!(error instanceof RenderWorkerStopped) || this.closed) throw error;
      return this.inWorker(template, footer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    await this.inProcess.close();
  }

  private inWorker(call: TemplateCall, footer: Footer): Promise<RenderedMessage> {
    if (this.closed) return Promise.reject(new Error('the email renderer is closed'));
    const slot = this.pick();
    const id = ++this.sequence;
    return new Promise<RenderedMessage>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      if (slot.pending.size === 1) slot.worker.ref();
      try {
        slot.worker.postMessage({ id, call, footer } satisfies RenderRequest);
      } catch (error) {
        // Arguments that cannot cross to a worker (a function, a class instance).
        this.settled(slot, id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** An idle worker, a new one while the pool is not full, else the least busy. */
  private pick(): Slot {
    const idle = this.slots.find((slot) => slot.pending.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.options.size) return this.start();
    return this.slots.reduce((best, slot) => (slot.pending.size < best.pending.size ? slot : best));
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
      if (!pending) return;
      if ('message' in answer) pending.resolve(answer.message);
      else {
        const error = new Error(answer.error.message);
        if (answer.error.stack) error.stack = answer.error.stack;
        pending.reject(error);
      }
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

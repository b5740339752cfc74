import type { ServerResponse } from 'node:http';
import { type AnalysisStreamEvent, writerFallbackText } from '@tickerwise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { eventFrame, openEventStream } from '../../http/event-stream.ts';
import type { WriterEvent } from './writer.ts';

/** Whether the client asked for Server-Sent Events rather than one JSON answer. */
export const wantsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/event-stream');

/**
 * One streamed analysis or answer as Server-Sent Events on a hijacked reply. Opened only
 * once every refusal (401, 402, 404, 429) has been answered as JSON, so the stream itself
 * carries only text and, at worst, an `error` event.
 */
export class AnalysisEventStream {
  private readonly raw: ServerResponse;
  private ended = false;

  constructor(reply: FastifyReply, open: Set<AnalysisEventStream>) {
    this.raw = openEventStream(reply);
    open.add(this);
    this.raw.once('close', () => {
      this.ended = true;
      open.delete(this);
    });
  }

  /** Whether the reader went away. */
  get closed(): boolean {
    return this.ended;
  }

  send(event: AnalysisStreamEvent): void {
    if (this.ended) return;
    this.raw.write(eventFrame(event.data, event.event));
  }

  /** Passes a writer's event on. */
  relay(event: WriterEvent): void {
    if (event.type === 'text') {
      this.send({ event: 'text', data: { text: event.text } });
    } else {
      this.send({
        event: 'reset',
        data: {
          reason: event.reason,
          message: `This text was withdrawn because ${writerFallbackText[event.reason]}.`,
        },
      });
    }
  }

  fail(error: unknown): void {
    const known = error instanceof AppError;
    this.send({
      event: 'error',
      data: {
        code: known ? error.code : 'analysis_failed',
        message: known ? error.message : 'The analysis could not be written. Please try again.',
      },
    });
    this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.raw.end();
  }
}

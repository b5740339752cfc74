import { parentPort } from 'node:worker_threads';
import { composeMessage } from './compose.ts';
import type { Footer } from './layout.tsx';
import { renderMessage } from './layout.tsx';
import type { RenderedMessage } from './message.ts';
import type { RenderAnswer, Renderable, RenderRequest, TemplateCall } from './render-pool.ts';

/** A template's builder, as registered: called with the arguments a `TemplateCall` carries. */
type TemplateBuilder = ((...args: never[]) => Renderable) & { templateName: string };

/** Every message a render worker can draw, by template name (`src/email-templates.ts`). */
export type EmailTemplates = ReadonlyMap<string, TemplateBuilder>;

/** The templates by name; two with one name are a mistake caught at start. */
export function emailTemplateList(builders: readonly TemplateBuilder[]): EmailTemplates {
  const templates = new Map<string, TemplateBuilder>();
  for (const builder of builders) {
    if (templates.has(builder.templateName)) {
      throw new Error(`two email templates are named ${builder.templateName}`);
    }
    templates.set(builder.templateName, builder);
  }
  return templates;
}

/** Builds the message a call names and renders it, as the worker does (and tests compare). */
export function renderTemplate(
  templates: EmailTemplates,
  call: TemplateCall,
  footer: Footer,
): Promise<RenderedMessage> {
  const build = templates.get(call.name) as ((...args: unknown[]) => Renderable) | undefined;
  if (!build) return Promise.reject(new Error(`no email template is named ${call.name}`));
  const message = build(...call.args);
  return renderMessage(message.subject, message.body(footer));
}

/**
 * A render worker's loop: each request is answered in turn with its message, its MIME source,
 * or its error.
 */
export function serveEmailRenders(templates: EmailTemplates): void {
  const port = parentPort;
  if (!port) throw new Error('email renders are served from a worker thread');
  let turn = Promise.resolve();
  port.on('message', (request: RenderRequest) => {
    turn = turn.then(async () => {
      let answer: RenderAnswer;
      try {
        answer =
          'compose' in request
            ? { id: request.id, source: await composeMessage(request.compose) }
            : {
                id: request.id,
                message: await renderTemplate(templates, request.call, request.footer),
              };
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        answer = { id: request.id, error: { message: failure.message, stack: failure.stack } };
      }
      port.postMessage(answer);
    });
  });
}

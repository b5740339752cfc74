import {
  type AlertFiredData,
  type DestinationKind,
  stockPath,
  type WebhookEvent,
} from '@tickerwise/shared';

/** What a delivery row holds of its event: enough to render the same body on every attempt. */
export interface StoredEvent {
  type: 'alert.fired' | 'test';
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** An alert firing's data as a delivery row keeps it (the stock page's link is added on send). */
export type StoredFiring = Omit<AlertFiredData, 'url'>;

export const testEventMessage =
  'A test event from Tickerwise. Alerts you send here arrive like this.';

/** The event of the Standard Webhooks envelope (`type`, `timestamp`, `data`). */
export function webhookEvent(event: StoredEvent, publicUrl: string): WebhookEvent {
  const timestamp = event.occurredAt.toISOString();
  if (event.type === 'test') {
    return { type: 'test', timestamp, data: { message: testEventMessage } };
  }
  const data = event.data as StoredFiring;
  return {
    type: 'alert.fired',
    timestamp,
    data: { ...data, url: `${publicUrl}${stockPath(data.symbol)}` },
  };
}

/** Slack's mrkdwn escapes these three and nothing else. */
const slackEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Discord's content holds at most 2,000 characters. */
const discordLimit = 2000;

/**
 * The body sent to a destination: the signed JSON event for a webhook; for Slack an incoming
 * webhook message, `{ "text": ... }` in mrkdwn with the stock's link as `<url|SYMBOL>`; for
 * Discord an execute-webhook message, `{ "content": ... }` in its markdown, with mentions off
 * so that a note cannot ping a channel.
 */
export function bodyFor(kind: DestinationKind, event: StoredEvent, publicUrl: string): string {
  const rendered = webhookEvent(event, publicUrl);
  if (kind === 'webhook') return JSON.stringify(rendered);
  if (rendered.type === 'test') {
    return JSON.stringify(
      kind === 'slack'
        ? { text: slackEscape(rendered.data.message) }
        : { content: rendered.data.message, allowed_mentions: { parse: [] } },
    );
  }
  const { symbol, title, message, url } = rendered.data;
  if (kind === 'slack') {
    return JSON.stringify({
      text: `*<${url}|${slackEscape(symbol)}>* ${slackEscape(title)}\n${slackEscape(message)}`,
    });
  }
  const content = `**${symbol}** ${title}\n${message}\n${url}`;
  return JSON.stringify({
    content:
      content.length <= discordLimit
        ? content
        : `${content.slice(0, discordLimit - url.length - 2)}…\n${url}`,
    allowed_mentions: { parse: [] },
  });
}

/** A delivery's one-line summary for the log. */
export function summaryOf(event: StoredEvent): string {
  return event.type === 'test' ? 'Test event' : String((event.data as StoredFiring).title);
}

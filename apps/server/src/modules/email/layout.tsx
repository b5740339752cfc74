import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { plainTextSelectors, render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { compile } from 'html-to-text';
import type { ReactElement, ReactNode } from 'react';
import type { RenderedMessage } from './message.ts';

/** The brand's colours, as the web app's (apps/web/src/index.css). */
const brand = { green: '#059669', dark: '#064e3b', ink: '#0f172a', muted: '#64748b' };

const text = { color: brand.ink, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };

/** Where a message's footer points: the product, and for non-essential mail the way out. */
export interface Footer {
  publicUrl: string;
  /** One-click unsubscribe from this kind of mail, and the notification settings. */
  optOut?: { unsubscribeUrl: string; preferencesUrl: string; what: string };
}

export interface MessageProps {
  /** The line inboxes show beside the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** The one thing to do, as a button (its address is also written out, for plain text). */
  action?: { label: string; url: string };
  /** Small print under the action: why the message came, how long a link lasts. */
  note?: string;
  footer: Footer;
}

/** Every message's frame: brand, heading, body, optional action, footer with our address. */
export function Message({ preview, heading, children, action, note, footer }: MessageProps) {
  const host = new URL(footer.publicUrl).host;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: '#f1f5f9',
          fontFamily: '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            borderRadius: '12px',
            maxWidth: '560px',
            padding: '32px',
          }}
        >
          <Text style={{ color: brand.green, fontSize: '18px', fontWeight: 700, margin: 0 }}>
            Tickerwise
          </Text>
          <Heading as="h1" style={{ color: brand.dark, fontSize: '22px', margin: '24px 0 16px' }}>
            {heading}
          </Heading>
          <Section>{children}</Section>
          {action && (
            <Section style={{ margin: '8px 0 24px' }}>
              <Button
                href={action.url}
                style={{
                  backgroundColor: brand.green,
                  borderRadius: '8px',
                  color: '#ffffff',
                  fontSize: '15px',
                  fontWeight: 600,
                  padding: '12px 20px',
                }}
              >
                {action.label}
              </Button>
              <Text style={{ ...text, color: brand.muted, fontSize: '13px', marginTop: '16px' }}>
                Or open this address: <Link href={action.url}>{action.url}</Link>
              </Text>
            </Section>
          )}
          {note && <Text style={{ ...text, color: brand.muted, fontSize: '13px' }}>{note}</Text>}
          <Hr style={{ borderColor: '#e2e8f0', margin: '24px 0' }} />
          <Text style={{ color: brand.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            Tickerwise · <Link href={footer.publicUrl}>{host}</Link>
          </Text>
          {footer.optOut && (
            <Text style={{ color: brand.muted, fontSize: '12px', lineHeight: '18px' }}>
              You get this email because of your {footer.optOut.what} setting.{' '}
              <Link href={footer.optOut.unsubscribeUrl}>Unsubscribe</Link> ·{' '}
              <Link href={footer.optOut.preferencesUrl}>Email preferences</Link>
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of a message. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/**
 * `toPlainText` of @react-email/render (what `render(element, { plainText: true })` applies to
 * the HTML), its options compiled once: `toPlainText` compiles them on every call, which is
 * two thirds of a conversion's time.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * The subject and both parts of a message: HTML, and plain text for every other reader, made
 * from that HTML (the same text a second render as plain text gives, without drawing the
 * message twice). CPU work of tens of milliseconds: the app renders in a worker thread
 * (`render-pool.ts`), never on the event loop of a request.
 */
export async function renderMessage(
  subject: string,
  element: ReactElement,
): Promise<RenderedMessage> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}

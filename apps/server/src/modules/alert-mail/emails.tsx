import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { paths, stockPath } from '@tickerwise/shared';
import { type Email, emailTemplate, type MailKind, Message, Paragraph } from '../email/index.ts';

const hour = 3600;

/**
 * Alert emails: at most one per user every 5 minutes (the grouping's window), so the limit
 * here is a ceiling that grouping never reaches, against a fault of ours.
 */
export const alertEmailKind: MailKind = {
  name: 'alert-emails',
  essential: false,
  perRecipient: { max: 15, windowSeconds: hour },
};

/** The daily watchlist digest: once a trading day. */
export const watchlistDigestKind: MailKind = {
  name: 'watchlist-digest',
  essential: false,
  perRecipient: { max: 2, windowSeconds: 20 * hour },
};

/** Product news (nothing sends it yet; the preference and the unsubscribe are ready). */
export const productNewsKind: MailKind = {
  name: 'product-news',
  essential: false,
  perRecipient: { max: 3, windowSeconds: 24 * hour },
};

/** One firing as an email lists it. */
export interface EmailedFiring {
  symbol: string;
  /** "AAPL rose above $200.00": the symbol and the condition. */
  title: string;
  /** The price at the firing, when, and the alert (the notification's text). */
  message: string;
  firedAt: Date;
}

/** How many firings one email lists in full; the rest are counted. */
export const firingsListed = 50;

const newYorkTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Nov 26, 10:02 AM ET". */
export function easternTime(at: Date): string {
  return `${newYorkTime.format(at)} ET`;
}

const muted = { color: '#64748b', fontSize: '13px', lineHeight: '20px', margin: '0' };
const item = { margin: '0 0 16px', padding: '12px 16px', backgroundColor: '#f8fafc' };

function FiringItem({ firing, publicUrl }: { firing: EmailedFiring; publicUrl: string }) {
  const url = `${publicUrl}${stockPath(firing.symbol)}`;
  return (
    <Section style={{ ...item, borderRadius: '8px' }}>
      <Text style={{ color: '#0f172a', fontSize: '15px', fontWeight: 600, margin: '0 0 4px' }}>
        {firing.title}
      </Text>
      <Text style={{ ...muted, margin: '0 0 4px' }}>{firing.message}</Text>
      <Text style={muted}>
        Fired {easternTime(firing.firedAt)} · <Link href={url}>Open {firing.symbol}</Link> ({url})
      </Text>
    </Section>
  );
}

/**
 * The alert email: every firing since the user's last one (a storm of firings is one email),
 * each with its symbol, condition, price, time and a link to the stock page.
 */
function alertMessage(
  to: { id: string; email: string },
  firings: readonly EmailedFiring[],
  publicUrl: string,
) {
  const [first] = firings;
  if (!first) throw new Error('an alert email needs at least one firing');
  const subject =
    firings.length === 1 ? first.title : `${firings.length} alerts fired: ${first.title} and more`;
  const listed = firings.slice(0, firingsListed);
  const more = firings.length - listed.length;
  return {
    kind: alertEmailKind,
    to: to.email,
    userId: to.id,
    subject: subject.length > 200 ? `${subject.slice(0, 197)}...` : subject,
    body: (footer) => (
      <Message
        preview={firings.length === 1 ? first.message : `${firings.length} of your alerts fired.`}
        heading={
          firings.length === 1 ? 'Your alert fired' : `${firings.length} of your alerts fired`
        }
        footer={footer}
        action={
          firings.length === 1
            ? { label: `Open ${first.symbol}`, url: `${publicUrl}${stockPath(first.symbol)}` }
            : { label: 'See your alerts', url: `${publicUrl}${paths.alerts}` }
        }
        note="Alert emails come at most once every 5 minutes; firings in between wait for the next one. Every firing also shows in the app."
      >
        {listed.map((firing, index) => (
          <FiringItem key={index} firing={firing} publicUrl={publicUrl} />
        ))}
        {more > 0 && (
          <Paragraph>
            And {more} more: see them all in{' '}
            <Link href={`${publicUrl}${paths.alerts}`}>your alerts</Link>.
          </Paragraph>
        )}
      </Message>
    ),
  } satisfies Email;
}

export const alertEmail = emailTemplate('alert', alertMessage);

/** A watchlist symbol's move on the day. */
export interface DigestMove {
  symbol: string;
  close: number;
  changePercent: number;
}

export interface DigestRating {
  symbol: string;
  from: string;
  to: string;
}

export interface DigestContent {
  /** The trading day (YYYY-MM-DD). */
  day: string;
  moves: DigestMove[];
  ratings: DigestRating[];
  firings: EmailedFiring[];
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

function signed(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
}

/** The daily watchlist digest after the US close: moves, ratings changed, alerts fired. */
function watchlistDigestMessage(
  to: { id: string; email: string },
  content: DigestContent,
  publicUrl: string,
) {
  const day = dayFormat.format(new Date(`${content.day}T00:00:00Z`));
  const link = (symbol: string) => `${publicUrl}${stockPath(symbol)}`;
  return {
    kind: watchlistDigestKind,
    to: to.email,
    userId: to.id,
    subject: `Your watchlists on ${day}`,
    body: (footer) => (
      <Message
        preview={`${content.moves.length} moves, ${content.ratings.length} ratings changed, ${content.firings.length} alerts fired.`}
        heading={`Your watchlists on ${day}`}
        footer={footer}
        action={{ label: 'Open your watchlists', url: `${publicUrl}${paths.watchlist}` }}
      >
        {content.moves.length > 0 && (
          <Section>
            <Text style={{ fontSize: '16px', fontWeight: 600, margin: '0 0 8px' }}>Moves</Text>
            {content.moves.map((move) => (
              <Text key={move.symbol} style={{ ...muted, margin: '0 0 6px', fontSize: '14px' }}>
                <Link href={link(move.symbol)}>{move.symbol}</Link> {signed(move.changePercent)} to{' '}
                {usd.format(move.close)}
              </Text>
            ))}
          </Section>
        )}
        {content.ratings.length > 0 && (
          <Section>
            <Text style={{ fontSize: '16px', fontWeight: 600, margin: '16px 0 8px' }}>
              Ratings changed
            </Text>
            {content.ratings.map((rating) => (
              <Text key={rating.symbol} style={{ ...muted, margin: '0 0 6px', fontSize: '14px' }}>
                <Link href={link(rating.symbol)}>{rating.symbol}</Link>: {rating.from} to{' '}
                {rating.to}
              </Text>
            ))}
          </Section>
        )}
        {content.firings.length > 0 && (
          <Section>
            <Text style={{ fontSize: '16px', fontWeight: 600, margin: '16px 0 8px' }}>
              Alerts fired
            </Text>
            {content.firings.slice(0, firingsListed).map((firing, index) => (
              <Text key={index} style={{ ...muted, margin: '0 0 6px', fontSize: '14px' }}>
                <Link href={link(firing.symbol)}>{firing.title}</Link> ·{' '}
                {easternTime(firing.firedAt)}
              </Text>
            ))}
          </Section>
        )}
      </Message>
    ),
  } satisfies Email;
}

export const watchlistDigestEmail = emailTemplate('watchlist-digest', watchlistDigestMessage);

import { supportRequestPath } from '@tickerwise/shared';
import { type Email, emailTemplate, type MailKind, Message, Paragraph } from '../email/index.ts';

/**
 * Answers to the user's support requests: essential (the user asked and waits for it), so no
 * unsubscribe; the limit only stops a flood.
 */
export const supportReplyKind: MailKind = {
  name: 'support-replies',
  essential: true,
  perRecipient: { max: 30, windowSeconds: 3600 },
};

/** How much of the answer the email quotes; the rest is on the request's page. */
const excerptLength = 600;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= excerptLength ? flat : `${flat.slice(0, excerptLength - 1).trimEnd()}…`;
}

/** Support answered a request: the start of the answer and a link to the thread. */
function supportReplyMessage(
  owner: { id: string; email: string },
  request: { id: string; subject: string; answer: string },
  publicUrl: string,
): Email {
  const url = `${publicUrl}${supportRequestPath(request.id)}`;
  return {
    kind: supportReplyKind,
    to: owner.email,
    userId: owner.id,
    subject: `Re: ${request.subject}`,
    body: (footer) => (
      <Message
        preview={`Tickerwise Support answered your request "${request.subject}".`}
        heading="Support answered your request"
        footer={footer}
        action={{ label: 'Read and reply', url }}
        note="Reply from the request's page in Tickerwise: answers to this email are not read."
      >
        <Paragraph>About "{request.subject}":</Paragraph>
        <Paragraph>{excerpt(request.answer)}</Paragraph>
      </Message>
    ),
  };
}

export const supportReplyEmail = emailTemplate('support-reply', supportReplyMessage);

import type { FastifyReply } from 'fastify';

/**
 * The look of the pages the server renders itself (the printable receipts, the pages a link in
 * an email opens): the web app's colours and type, on a grey page. Every such page starts from
 * these rules; a page adds only what is its own.
 */
export const pageStyles = `
*{box-sizing:border-box}
body{margin:0;background:#f1f5f9;color:#0f172a;font:15px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:640px;margin:0 auto;padding:24px 16px}
a{color:#047857}
.brand{color:#059669;font-weight:700;font-size:18px;margin:0}
h1{color:#064e3b;font-size:22px;margin:24px 0 16px}`;

/** A message card: the logo, a title, a few paragraphs, a button or a link onwards. */
const messageStyles = `
main{padding-top:48px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px}
.brand{display:inline-flex;align-items:center;gap:8px;color:#0b1220;text-decoration:none;font-weight:600}
.brand svg{width:32px;height:32px}
.card h1{margin-top:0}
.card p{color:#334155;margin:0 0 12px}
form{margin:20px 0 0}
button{font:inherit;font-weight:600;color:#fff;background:#059669;border:0;border-radius:8px;padding:10px 16px;cursor:pointer;min-height:44px}
button:hover{background:#047857}
button:focus-visible,a:focus-visible{outline:2px solid #059669;outline-offset:2px}
.onwards{margin:24px 0 0;padding:16px 0 0;border-top:1px solid #e2e8f0;font-size:14px}
.onwards p{margin:0}
@media (max-width:480px){main{padding-top:24px}.card{padding:20px}button{width:100%}}`;

const logoMark = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#059669"/><path d="M7 21l6-6 4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

export interface MessagePage {
  /** Plain text; escaped here. */
  title: string;
  /** Markup of the card's body (its text escaped by the caller). */
  body: string;
  /** Markup below the card's body, after a rule: where to go next. */
  onwards?: string;
  /** The app's address, where the logo leads. */
  publicUrl: string;
}

/** A page that says one thing: a link's outcome, a question with its button. */
export function messagePage({ title, body, onwards, publicUrl }: MessagePage): string {
  const heading = escapeHtml(title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · Tickerwise</title><style>${pageStyles}${messageStyles}</style></head>
<body><main><p><a class="brand" href="${escapeHtml(publicUrl)}/">${logoMark}Tickerwise</a></p>
<section class="card" aria-labelledby="title"><h1 id="title">${heading}</h1>${body}${
    onwards ? `<div class="onwards">${onwards}</div>` : ''
  }</section></main></body></html>`;
}

/** Answers `messagePage`, never cached, never telling where its link came from. */
export function sendMessagePage(reply: FastifyReply, status: number, page: MessagePage) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(messagePage(page));
}

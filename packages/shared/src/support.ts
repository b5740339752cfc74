import { z } from 'zod';
import { paths } from './routes.ts';

/**
 * Support requests (docs/PRODUCT.md §3.27, ADR 0048): a signed-in user writes to support from
 * `/dashboard/support` (or the public `/support` page), and support agents answer from a queue.
 * Priority support is a plan feature (`prioritySupport` in the entitlements): those requests go
 * first in the queue and carry a shorter first-reply target.
 */
export const supportCategories = [
  'account',
  'billing',
  'market-data',
  'alerts',
  'integrations',
  'bug',
  'other',
] as const;
export const supportCategorySchema = z.enum(supportCategories);
export type SupportCategory = z.infer<typeof supportCategorySchema>;

export const supportCategoryLabels: Record<SupportCategory, string> = {
  account: 'Account and sign-in',
  billing: 'Billing and plans',
  'market-data': 'Prices and market data',
  alerts: 'Alerts',
  integrations: 'Integrations and API',
  bug: 'Something is broken',
  other: 'Something else',
};

/** Open: support's turn. Waiting: support answered, the user's turn. Solved: closed. */
export const supportStatuses = ['open', 'waiting', 'solved'] as const;
export type SupportStatus = (typeof supportStatuses)[number];
export const supportStatusLabels: Record<SupportStatus, string> = {
  open: 'Open',
  waiting: 'Waiting on you',
  solved: 'Solved',
};

/** The limits of one account's requests (counted under a lock, so they hold under races). */
export const supportLimits = {
  /** Requests open or waiting at once; solved ones do not count. */
  openRequests: 5,
  subjectLength: 120,
  messageLength: 5_000,
  /** Messages in one request's thread, both sides together. */
  messagesPerRequest: 100,
  /** One screenshot per message, at most this many bytes. */
  attachmentBytes: 1_000_000,
} as const;

/** The image types a screenshot may have. */
export const supportAttachmentTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const;
export type SupportAttachmentType = (typeof supportAttachmentTypes)[number];

/** The error code of a request refused because the account has its open requests already. */
export const supportLimitCode = 'support_request_limit';

const messageSchema = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(
    supportLimits.messageLength,
    `A message has at most ${supportLimits.messageLength.toLocaleString('en-US')} characters`,
  );

/** A screenshot as sent by the browser: its type and its bytes in base64. */
export const supportAttachmentInputSchema = z
  .object({
    type: z.enum(supportAttachmentTypes, { error: 'Attach a PNG, JPEG, WebP or GIF image' }),
    name: z.string().trim().max(200).optional(),
    data: z
      .string()
      .max(
        Math.ceil(supportLimits.attachmentBytes / 3) * 4 + 4,
        'The screenshot is larger than 1 MB',
      )
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The screenshot could not be read'),
  })
  .strict();
export type SupportAttachmentInput = z.infer<typeof supportAttachmentInputSchema>;

/** `POST /api/support/requests`. */
export const createSupportRequestSchema = z
  .object({
    subject: z
      .string()
      .trim()
      .min(1, 'Give the request a subject')
      .max(
        supportLimits.subjectLength,
        `A subject has at most ${supportLimits.subjectLength} characters`,
      ),
    category: supportCategorySchema,
    message: messageSchema,
    attachment: supportAttachmentInputSchema.optional(),
  })
  .strict();
export type CreateSupportRequestInput = z.input<typeof createSupportRequestSchema>;

/** `POST /api/support/requests/:id/messages`. */
export const supportReplySchema = z
  .object({ message: messageSchema, attachment: supportAttachmentInputSchema.optional() })
  .strict();
export type SupportReplyInput = z.input<typeof supportReplySchema>;

export interface SupportAttachment {
  id: string;
  type: SupportAttachmentType;
  name: string | null;
  bytes: number;
}

export interface SupportMessage {
  id: string;
  /** True for an answer from support. */
  fromSupport: boolean;
  /** The user's name, or "Tickerwise Support" for an answer. */
  author: string;
  body: string;
  attachment: SupportAttachment | null;
  createdAt: string;
}

/** A request as its list shows it. */
export interface SupportRequestSummary {
  id: string;
  subject: string;
  category: SupportCategory;
  status: SupportStatus;
  priority: boolean;
  createdAt: string;
  /** The last message, from either side. */
  updatedAt: string;
  /** When support's first reply is due; null once support replied. */
  firstReplyDueAt: string | null;
  firstRepliedAt: string | null;
  messageCount: number;
}

/** A request with its thread. */
export interface SupportRequest extends SupportRequestSummary {
  messages: SupportMessage[];
  /** For support agents: who asked. Absent for the user's own view. */
  requester?: { name: string; email: string; tier: string };
}

/** `GET /api/support/requests`: the user's requests, newest activity first, and their terms. */
export interface SupportRequestList {
  requests: SupportRequestSummary[];
  /** Whether the plan includes priority support (Enterprise and Alpha Tester). */
  priority: boolean;
  /** The first-reply target that applies to a new request, as words. */
  target: string;
  openCount: number;
  openLimit: number;
  /** Whether this user may open the support queue. */
  agent: boolean;
}

/** A request in the agents' queue: the summary, who asked, and its clock. */
export interface SupportQueueItem extends SupportRequestSummary {
  requester: { name: string; email: string; tier: string };
}

/** `GET /api/support/queue`: open requests, priority first, then oldest first. */
export interface SupportQueue {
  requests: SupportQueueItem[];
  /** Requests waiting for support (status open). */
  openCount: number;
  /** Of them, past their first-reply target. */
  overdueCount: number;
}

/** `GET /api/support/queue/count`: the live count in the sidebar and queue header. */
export interface SupportQueueCount {
  openCount: number;
  overdueCount: number;
}

/** `GET /api/operator/support-agents`. */
export interface SupportAgentList {
  agents: { email: string; name: string; grantedAt: string }[];
}

/** A request's address on the support page (links in notices and emails). */
export function supportRequestPath(id: string): string {
  return `${paths.supportRequests}?request=${encodeURIComponent(id)}`;
}

const businessZone = 'America/New_York';
const quarterMs = 15 * 60_000;
const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: businessZone,
  weekday: 'short',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** Whether the quarter hour starting at `ms` is inside support hours (Mon-Fri, 9am-5pm NY). */
function inBusinessHours(ms: number): boolean {
  let weekday = '';
  let hour = 0;
  for (const part of zoneParts.formatToParts(ms)) {
    if (part.type === 'weekday') weekday = part.value;
    if (part.type === 'hour') hour = Number(part.value);
  }
  return weekday !== 'Sat' && weekday !== 'Sun' && hour >= 9 && hour < 17;
}

/**
 * The moment `hours` of support hours (Monday to Friday, 9am to 5pm New York time, daylight
 * saving included; public holidays are not known) have passed after `start`, counted in
 * quarter hours from the next quarter hour: a request sent on Friday at 4pm with a 4-hour
 * target is due on Monday at 12pm.
 */
export function addBusinessHours(start: Date, hours: number): Date {
  let at = Math.ceil(start.getTime() / quarterMs) * quarterMs;
  let remaining = Math.round(hours * 4);
  // At most two weeks of quarters: far beyond any target, and a bound on the work.
  for (let step = 0; remaining > 0 && step < 14 * 96; step += 1) {
    if (inBusinessHours(at)) remaining -= 1;
    at += quarterMs;
  }
  return new Date(at);
}

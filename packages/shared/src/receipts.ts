import { z } from 'zod';
import { paidTierSchema } from './billing.ts';
import { formatCents } from './exact-money.ts';
import { planFor } from './plans.ts';

/**
 * A receipt: one payment taken (docs/PRODUCT.md §3.19), as the receipt email, the printable
 * page and Settings, Plan and billing show it.
 */
export const receiptSchema = z.object({
  /** The payment's id. */
  id: z.string(),
  /** What the receipt is called: `TW-` and the start of the payment's id. */
  number: z.string(),
  /** When the payment was taken (ISO 8601). */
  date: z.iso.datetime(),
  tier: paidTierSchema,
  kind: z.enum(['subscription', 'renewal', 'proration']),
  /** The period the payment is for (ISO 8601). */
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  amountCents: z.number().int(),
  currency: z.string(),
  cardLast4: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** The receipt number of a payment id. */
export const receiptNumber = (paymentId: string): string =>
  `TW-${paymentId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const kinds: Record<Receipt['kind'], string> = {
  subscription: 'monthly subscription, first month',
  renewal: 'monthly subscription, renewal',
  proration: 'plan switch, rest of the period',
};

/**
 * A receipt's lines, label and value, in the order every copy shows them. Tax is a line of its
 * own, left empty: no tax is charged on top of the price.
 */
export function receiptLines(receipt: Receipt): Array<{ label: string; value: string }> {
  return [
    { label: 'Receipt number', value: receipt.number },
    { label: 'Date paid', value: day(receipt.date) },
    { label: 'Plan', value: `${planFor(receipt.tier).name} (${kinds[receipt.kind]})` },
    { label: 'Period', value: `${day(receipt.periodStart)} to ${day(receipt.periodEnd)}` },
    {
      label: 'Card',
      value: receipt.cardLast4 ? `ending in ${receipt.cardLast4}` : 'the card on file',
    },
    { label: 'Tax', value: '' },
    { label: 'Amount paid', value: formatCents(receipt.amountCents, receipt.currency) },
  ];
}

import { type PaymentRecord, planFor, receiptNumber } from '@tickerwise/shared';
import { formatCents } from '@tickerwise/shared/exact-money';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format-time.ts';
import { useBillingConfig } from '../api/get-billing-config.ts';
import { usePayments } from '../api/get-payments.ts';

const kinds: Record<PaymentRecord['kind'], string> = {
  subscription: 'First payment',
  renewal: 'Renewal',
  proration: 'Plan switch (prorated)',
};

/** "$19.99", "-$10.00" for a credit, in the payment's currency, exactly. */
const formatAmount = (payment: PaymentRecord): string =>
  formatCents(payment.amountCents, payment.currency);

/** A payment taken has a receipt, printable on its own page. */
const hasReceipt = (payment: PaymentRecord) =>
  payment.status === 'succeeded' && payment.amountCents > 0;

const linkLook = 'font-semibold text-brand-700 hover:underline';

function Status({ payment }: { payment: PaymentRecord }) {
  if (payment.status === 'succeeded') {
    return <Badge tone="success">{payment.amountCents < 0 ? 'Credited' : 'Paid'}</Badge>;
  }
  return <Badge tone="danger">Failed</Badge>;
}

/** Settings, Plan and billing: every payment from our records (docs/PRODUCT.md §3.19). */
export function PaymentHistoryPanel() {
  const payments = usePayments();
  const config = useBillingConfig();
  const testMode = config.data?.provider === 'test';
  const list = payments.data?.payments;

  return (
    <SettingsPanel
      title="Payment history"
      description={
        testMode
          ? 'From Tickerwise’s records. Test mode: payments are made with test cards and no real money moves.'
          : 'From Tickerwise’s records of what our payment provider, Stripe, charged your card.'
      }
    >
      {payments.isError && !list ? (
        <ErrorState
          title="Your payments could not be loaded."
          onRetry={() => payments.refetch()}
          retrying={payments.isFetching}
        />
      ) : !list ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading your payments</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          title="No payments yet."
          description="Payments for Pro or Enterprise appear here."
        />
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your payments, newest first</caption>
          <thead className="hidden border-b border-slate-200 text-xs text-slate-500 sm:table-header-group">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Plan
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.map((payment) => (
              <tr key={payment.id} className="grid grid-cols-2 gap-1 py-3 sm:table-row">
                <td className="text-ink-950 sm:py-3 sm:pr-4">{formatDate(payment.date)}</td>
                <td className="text-right sm:py-3 sm:pr-4 sm:text-left">
                  <span className="font-medium text-ink-950">{planFor(payment.tier).name}</span>
                  <span className="block text-xs text-slate-500">
                    {kinds[payment.kind]}
                    {payment.cardLast4 ? ` · card ending ${payment.cardLast4}` : ''}
                  </span>
                </td>
                <td className="font-medium text-ink-950 tabular-nums sm:py-3 sm:pr-4 sm:text-right">
                  {formatAmount(payment)}
                </td>
                <td className="text-right sm:py-3 sm:text-left">
                  <Status payment={payment} />
                  {hasReceipt(payment) && (
                    <a
                      href={`/api/billing/receipts/${payment.id}`}
                      target="_blank"
                      rel="noopener"
                      className={`mt-1 block text-xs whitespace-nowrap ${linkLook}`}
                    >
                      Receipt {receiptNumber(payment.id)}
                    </a>
                  )}
                  {payment.failureMessage && (
                    <span className="mt-1 block text-xs text-red-700">
                      {payment.failureMessage}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list?.some(hasReceipt) && (
        <p className="mt-4 text-sm text-slate-600">
          Receipts open in a new tab, ready to print.{' '}
          <a href="/api/billing/receipts" target="_blank" rel="noopener" className={linkLook}>
            Print every receipt
          </a>{' '}
          (one per page).
        </p>
      )}
    </SettingsPanel>
  );
}

import { type Transaction, transactionKindLabels } from '@tickerwise/shared';
import { MoreHorizontal } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button, iconButtonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatSignedMoney } from '../../../lib/money-format.ts';
import { formatDay } from '../../../lib/price-sources.ts';
import { transactionDetails } from '../../../lib/transaction-text.ts';
import { useTransactions } from '../api/get-transactions.ts';

const kindTones: Record<Transaction['kind'], BadgeTone> = {
  buy: 'outline',
  sell: 'outline',
  dividend: 'neutral',
  split: 'neutral',
  deposit: 'neutral',
  withdrawal: 'neutral',
  fee: 'warning',
};

interface TransactionsPanelProps {
  portfolioId: string;
  onAdd: () => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  /** A team portfolio the user may only read: no add, edit or delete. */
  readOnly?: boolean;
  /** A team portfolio: each transaction says who entered it. */
  showEnteredBy?: boolean;
}

/**
 * Every transaction, newest first, a page at a time; each can be edited or deleted (unless the
 * portfolio is read-only), and in a team's portfolio says who entered it.
 */
export function TransactionsPanel({
  portfolioId,
  onAdd,
  onEdit,
  onDelete,
  readOnly = false,
  showEnteredBy = false,
}: TransactionsPanelProps) {
  const query = useTransactions(portfolioId);
  const transactions = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <Card as="section" aria-labelledby="transactions-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="transactions-heading" className="text-base font-semibold text-ink-950">
          Transactions {total > 0 && <span className="font-normal text-slate-500">({total})</span>}
        </h2>
        {!readOnly && (
          <Button variant="secondary" size="sm" onClick={onAdd}>
            Add
          </Button>
        )}
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading transactions">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : query.error && transactions.length === 0 ? (
          <ErrorState
            title="The transactions could not be loaded."
            onRetry={() => query.refetch()}
            retrying={query.isRefetching}
          />
        ) : transactions.length === 0 ? (
          <EmptyState title="No transactions yet" />
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {transactions.map((transaction) => (
                <TransactionRow
                  key={transaction.id}
                  transaction={transaction}
                  onEdit={() => onEdit(transaction)}
                  onDelete={() => onDelete(transaction)}
                  readOnly={readOnly}
                  showEnteredBy={showEnteredBy}
                />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => query.fetchNextPage()}
                  busy={query.isFetchingNextPage}
                  busyLabel="Loading..."
                >
                  Show older transactions
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

function TransactionRow({
  transaction,
  onEdit,
  onDelete,
  readOnly,
  showEnteredBy,
}: {
  transaction: Transaction;
  onEdit: () => void;
  onDelete: () => void;
  readOnly: boolean;
  showEnteredBy: boolean;
}) {
  const cash = Number(transaction.cashEffect);
  const label = `${transactionKindLabels[transaction.kind]}${transaction.symbol ? ` ${transaction.symbol}` : ''} on ${transaction.date}`;
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="hidden w-24 shrink-0 text-sm text-slate-500 tabular-nums sm:block">
        {formatDay(transaction.date)}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={kindTones[transaction.kind]}>
            {transactionKindLabels[transaction.kind]}
          </Badge>
          {transaction.symbol && (
            <span className="text-sm font-semibold text-ink-950">{transaction.symbol}</span>
          )}
        </div>
        <p className="mt-0.5 text-sm text-slate-600 tabular-nums sm:truncate">
          {transactionDetails(transaction)}
          {transaction.note && <span className="text-slate-400"> · {transaction.note}</span>}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 sm:hidden">{formatDay(transaction.date)}</p>
        {showEnteredBy && (
          <p className="mt-0.5 text-xs text-slate-500">
            Entered by {transaction.enteredBy ?? 'a former member'}
          </p>
        )}
      </div>
      {cash !== 0 && (
        <div
          className={`shrink-0 text-right text-sm font-medium tabular-nums ${
            cash > 0 ? 'text-brand-700' : 'text-ink-950'
          }`}
        >
          {formatSignedMoney(transaction.cashEffect)}
        </div>
      )}
      {!readOnly && (
        <Menu>
          <MenuTrigger className={iconButtonStyles('sm')} aria-label={`Actions for ${label}`}>
            <MoreHorizontal className="size-5" />
          </MenuTrigger>
          <MenuContent align="end" className="w-40">
            <MenuItem onSelect={onEdit}>Edit</MenuItem>
            <MenuItem tone="danger" onSelect={onDelete}>
              Delete
            </MenuItem>
          </MenuContent>
        </Menu>
      )}
    </li>
  );
}

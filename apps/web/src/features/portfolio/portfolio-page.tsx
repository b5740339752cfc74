import { useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '@tickerwise/shared';
import { portfolioLabel, teamRoleLabels } from '@tickerwise/shared';
import { Download, FileUp, Plus, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { downloadFrom } from '../../lib/download-text.ts';
import { subscribeLiveEvents } from '../../lib/live-events.ts';
import { useInTeam } from '../../lib/use-in-team.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { usePortfolios } from './api/get-portfolios.ts';
import { exportUrl } from './api/import-file.ts';
import { usePortfolioActions } from './api/manage-portfolios.ts';
import { portfolioKeys } from './api/portfolio-keys.ts';
import { DeletePortfolioDialog } from './components/delete-portfolio-dialog.tsx';
import { DeleteTransactionDialog } from './components/delete-transaction-dialog.tsx';
import { ImportDialog } from './components/import-dialog.tsx';
import { PortfolioNameDialog } from './components/portfolio-name-dialog.tsx';
import { PortfolioOverview } from './components/portfolio-overview.tsx';
import { PortfolioSwitcher } from './components/portfolio-switcher.tsx';
import { PortfolioWelcome } from './components/portfolio-welcome.tsx';
import { ResetPracticeDialog } from './components/reset-practice-dialog.tsx';
import { TransactionDialog } from './components/transaction-dialog.tsx';
import { TransactionsPanel } from './components/transactions-panel.tsx';
import { canChangePortfolio, practiceParam, shownPortfolio } from './portfolio-kinds.ts';

type OpenDialog = 'transaction' | 'import' | 'new' | 'rename' | 'delete' | 'reset' | null;

/** A team portfolio changed, or the team did, anywhere: every portfolio figure refetches. */
function useLivePortfolios(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents('portfolios', () =>
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
      ),
    [queryClient],
  );
}

/** The name a first portfolio gets when the user starts without naming one. */
const firstPortfolioName = 'My portfolio';

/**
 * `/dashboard/portfolio`: the chosen portfolio (`?portfolio=<id>`, the oldest real one by
 * default) with its figures and transactions, or a screen that teaches how to start.
 * `?portfolio=practice` opens the practice portfolio (created on first use), and with
 * `&symbol=` its add-transaction form for that symbol (a lesson's "Try it").
 */
export function PortfolioPage() {
  usePageTitle('Portfolio');
  useLivePortfolios();
  const inTeam = useInTeam();
  const list = usePortfolios();
  const actions = usePortfolioActions();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [editing, setEditing] = useState<Transaction>();
  const [deleting, setDeleting] = useState<Transaction>();
  const [notice, setNotice] = useState<string>();
  const [moved, setMoved] = useState<string>();
  const [imported, setImported] = useState<number>();
  const [tradeSymbol, setTradeSymbol] = useState<string>();
  const wantsPractice = params.get('portfolio') === practiceParam;
  const practiceSymbol = params.get('symbol');
  const opening = useRef(false);

  const openPractice = async (symbol?: string | null) => {
    setNotice(undefined);
    try {
      const practice = await actions.practice.mutateAsync();
      setParams({ portfolio: practice.id }, { replace: true });
      if (symbol) {
        setEditing(undefined);
        setTradeSymbol(symbol.toUpperCase());
        setDialog('transaction');
      }
    } catch (error) {
      setParams({}, { replace: true });
      setNotice(
        error instanceof Error ? error.message : 'The practice portfolio could not be opened.',
      );
    }
  };

  useEffect(() => {
    if (!wantsPractice || opening.current) return;
    opening.current = true;
    void openPractice(practiceSymbol).finally(() => {
      opening.current = false;
    });
    // Once per arrival at `?portfolio=practice`.
  }, [wantsPractice, practiceSymbol]);

  if (list.isPending || wantsPractice) {
    return (
      <div className="space-y-6" role="status" aria-label="Loading your portfolio">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (list.error) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Portfolio</h1>
        <ErrorState
          title="Your portfolios could not be loaded."
          onRetry={() => list.refetch()}
          retrying={list.isRefetching}
        >
          {list.error.message}
        </ErrorState>
      </div>
    );
  }

  const { portfolios, allowed } = list.data;
  const current = shownPortfolio(portfolios, params.get('portfolio'));
  const practising = current?.kind === 'practice';
  const shared = current?.shared ?? null;
  const canChange = current ? canChangePortfolio(current) : true;
  const choose = (id: string) => setParams({ portfolio: id }, { replace: true });

  /** Opens a dialog that needs a portfolio, creating the first one when there is none. */
  const withPortfolio = async (next: OpenDialog) => {
    setNotice(undefined);
    setImported(undefined);
    if (!current) {
      try {
        const created = await actions.create.mutateAsync(firstPortfolioName);
        choose(created.id);
      } catch (error) {
        setNotice(error instanceof Error ? error.message : 'The portfolio could not be created.');
        return;
      }
    }
    setEditing(undefined);
    setTradeSymbol(undefined);
    setDialog(next);
  };
  // A team portfolio the user may only read shows its (empty) ledger, not the welcome.
  const empty = !current || (current.transactionCount === 0 && canChange);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Portfolio</h1>
          {current && (
            <PortfolioSwitcher
              portfolios={portfolios}
              current={current}
              allowed={allowed}
              onChoose={choose}
              onPractice={() => openPractice()}
              onCreate={() => setDialog('new')}
              onRename={() => setDialog('rename')}
              onDelete={() => setDialog('delete')}
              onReset={() => setDialog('reset')}
              onShare={
                inTeam || shared
                  ? (into) => {
                      setNotice(undefined);
                      setMoved(undefined);
                      actions.share.mutate(
                        { id: current.id, shared: into },
                        {
                          onError: (error) => setNotice(error.message),
                          onSuccess: (portfolio) =>
                            setMoved(
                              portfolio.shared
                                ? `“${portfolio.name}” is now shared with ${portfolio.shared.teamName}.`
                                : `“${portfolio.name}” is yours alone again.`,
                            ),
                        },
                      );
                    }
                  : undefined
              }
            />
          )}
          {practising && <Badge tone="warning">Practice</Badge>}
          {shared && <Badge tone="outline">Team</Badge>}
        </div>
        {current && !empty && (
          <div className="flex flex-wrap gap-2">
            {canChange && (
              <>
                <Button size="sm" onClick={() => withPortfolio('transaction')}>
                  <Plus className="size-4" />
                  <span className="sm:hidden">Add</span>
                  <span className="hidden sm:inline">Add transaction</span>
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setDialog('import')}>
                  <FileUp className="size-4" />
                  Import
                </Button>
              </>
            )}
            <Menu>
              <MenuTrigger className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
                <Download className="size-4" />
                Export
              </MenuTrigger>
              <MenuContent align="end" className="w-56">
                <MenuItem onSelect={() => downloadFrom(exportUrl(current.id, 'transactions'))}>
                  Transactions (CSV)
                </MenuItem>
                <MenuItem onSelect={() => downloadFrom(exportUrl(current.id, 'holdings'))}>
                  Holdings (CSV)
                </MenuItem>
              </MenuContent>
            </Menu>
          </div>
        )}
      </header>

      {practising && (
        <Alert tone="info" title="Practice portfolio">
          Trades here use practice cash at the same prices as your portfolios, and never count in
          your Portfolio Value. Reset it from the portfolio menu to start again with $100,000.
        </Alert>
      )}
      {shared && (
        <p className="text-sm text-slate-600">
          <Users aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px] text-brand-700" />
          Shared with {shared.teamName}: you are {teamRoleLabels[shared.role]}.
          {shared.readOnly
            ? ' The team is read-only until its owner is on Enterprise again.'
            : canChange
              ? ' Each transaction says who entered it.'
              : ' Viewers read the team’s portfolios; Editors change them.'}
        </p>
      )}
      {notice && <Alert>{notice}</Alert>}
      {moved && <Alert tone="success">{moved}</Alert>}
      {imported !== undefined && (
        <Alert tone="info" title="Import complete">
          {imported} {imported === 1 ? 'transaction was' : 'transactions were'} added.
        </Alert>
      )}

      {empty ? (
        <PortfolioWelcome
          onAdd={() => withPortfolio('transaction')}
          onImport={() => withPortfolio('import')}
          onPractice={() => openPractice()}
          busy={actions.create.isPending || actions.practice.isPending}
        />
      ) : (
        <>
          <PortfolioOverview portfolioId={current.id} />
          <TransactionsPanel
            portfolioId={current.id}
            onAdd={() => withPortfolio('transaction')}
            onEdit={(transaction) => {
              setEditing(transaction);
              setDialog('transaction');
            }}
            onDelete={setDeleting}
            readOnly={!canChange}
            showEnteredBy={shared !== null}
          />
        </>
      )}

      {current && (
        <>
          <TransactionDialog
            portfolioId={current.id}
            open={dialog === 'transaction'}
            onOpenChange={(open) => setDialog(open ? 'transaction' : null)}
            transaction={editing}
            symbol={tradeSymbol}
            practice={practising}
          />
          <ImportDialog
            portfolioId={current.id}
            open={dialog === 'import'}
            onOpenChange={(open) => setDialog(open ? 'import' : null)}
            onImported={setImported}
          />
          <DeleteTransactionDialog
            portfolioId={current.id}
            transaction={deleting}
            onClose={() => setDeleting(undefined)}
          />
          <PortfolioNameDialog
            open={dialog === 'rename'}
            onOpenChange={(open) => setDialog(open ? 'rename' : null)}
            title="Rename portfolio"
            submitLabel="Rename"
            initialName={portfolioLabel(current)}
            onSubmit={(name) => actions.rename.mutateAsync({ id: current.id, name })}
          />
          <DeletePortfolioDialog
            portfolio={current}
            open={dialog === 'delete'}
            onOpenChange={(open) => {
              setDialog(open ? 'delete' : null);
              if (!open) actions.remove.reset();
            }}
            busy={actions.remove.isPending}
            error={actions.remove.error}
            onConfirm={() =>
              actions.remove.mutate(current.id, {
                onSuccess: () => {
                  setDialog(null);
                  setParams({}, { replace: true });
                },
              })
            }
          />
        </>
      )}
      {current && practising && (
        <ResetPracticeDialog
          open={dialog === 'reset'}
          onOpenChange={(open) => {
            setDialog(open ? 'reset' : null);
            if (!open) actions.reset.reset();
          }}
          busy={actions.reset.isPending}
          error={actions.reset.error}
          onConfirm={() =>
            actions.reset.mutate(current.id, {
              onSuccess: () => {
                setDialog(null);
                setNotice(undefined);
              },
            })
          }
        />
      )}
      <PortfolioNameDialog
        open={dialog === 'new'}
        onOpenChange={(open) => setDialog(open ? 'new' : null)}
        title="New portfolio"
        submitLabel="Create portfolio"
        onSubmit={async (name) => choose((await actions.create.mutateAsync(name)).id)}
      />
    </div>
  );
}

export { PortfolioPage as Component };

import { type Portfolio, paths, portfolioLabel } from '@tickerwise/shared';
import { Check, ChevronDown, Lock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLinkItem,
  MenuSeparator,
  MenuTrigger,
} from '../../../components/ui/menu.tsx';
import {
  atPortfolioLimit,
  canChangePortfolio,
  practicePortfolio,
  switcherOrder,
} from '../portfolio-kinds.ts';

interface PortfolioSwitcherProps {
  portfolios: readonly Portfolio[];
  current: Portfolio;
  /** How many portfolios the plan allows (the practice portfolio is outside the limit). */
  allowed: number;
  onChoose: (id: string) => void;
  /** Opens the practice portfolio, creating it on first use. */
  onPractice: () => void;
  onCreate: () => void;
  onRename: () => void;
  onDelete: () => void;
  onReset: () => void;
  /** Moves the current portfolio into the user's team (true) or back out; absent outside a team. */
  onShare?: (shared: boolean) => void;
}

/**
 * The current portfolio's name; its menu switches (the practice portfolio last, labelled;
 * the team's marked), adds (within the plan), renames, moves into or out of the team and
 * deletes a real portfolio the user may change, resets the practice one.
 */
export function PortfolioSwitcher({
  portfolios,
  current,
  allowed,
  onChoose,
  onPractice,
  onCreate,
  onRename,
  onDelete,
  onReset,
  onShare,
}: PortfolioSwitcherProps) {
  const atLimit = atPortfolioLimit(portfolios, allowed);
  const practising = current.kind === 'practice';
  const canChange = canChangePortfolio(current);
  return (
    <Menu>
      <MenuTrigger className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
        <span className="max-w-[12rem] truncate">{portfolioLabel(current)}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </MenuTrigger>
      <MenuContent className="w-72">
        {switcherOrder(portfolios).map((portfolio) => (
          <MenuItem key={portfolio.id} onSelect={() => onChoose(portfolio.id)}>
            <span className="min-w-0 flex-1 truncate">{portfolioLabel(portfolio)}</span>
            {portfolio.kind === 'practice' && <Badge tone="warning">Practice cash</Badge>}
            {portfolio.shared && <Badge tone="outline">Team</Badge>}
            {portfolio.id === current.id && (
              <Check aria-label="Showing" className="size-4 text-brand-700" />
            )}
          </MenuItem>
        ))}
        {!practicePortfolio(portfolios) && (
          <MenuItem onSelect={onPractice}>
            <span className="min-w-0 flex-1 truncate">Practice</span>
            <Badge tone="warning">$100,000 practice cash</Badge>
          </MenuItem>
        )}
        <MenuSeparator />
        {atLimit ? (
          <MenuLinkItem
            to={paths.planChange}
            description={`Your plan allows ${allowed} ${allowed === 1 ? 'portfolio' : 'portfolios'}. Upgrade for more.`}
          >
            <span className="inline-flex items-center gap-1.5">
              <Lock aria-hidden="true" className="size-3.5" />
              New portfolio
            </span>
          </MenuLinkItem>
        ) : (
          <MenuItem onSelect={onCreate}>New portfolio</MenuItem>
        )}
        {practising ? (
          <MenuItem tone="danger" onSelect={onReset}>
            Reset practice portfolio
          </MenuItem>
        ) : (
          canChange && (
            <>
              <MenuItem onSelect={onRename}>Rename</MenuItem>
              {onShare && !current.shared && (
                <MenuItem onSelect={() => onShare(true)}>Move to the team</MenuItem>
              )}
              {current.shared?.mine && (
                <MenuItem onSelect={() => onShare?.(false)}>Take out of the team</MenuItem>
              )}
              <MenuItem tone="danger" onSelect={onDelete}>
                Delete portfolio
              </MenuItem>
            </>
          )
        )}
      </MenuContent>
    </Menu>
  );
}

import { type Portfolio, paths } from '@tickerwise/shared';
import { Check, ChevronDown, Lock } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button.tsx';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLinkItem,
  MenuSeparator,
  MenuTrigger,
} from '../../../components/ui/menu.tsx';

interface PortfolioSwitcherProps {
  portfolios: readonly Portfolio[];
  current: Portfolio;
  /** How many portfolios the plan allows. */
  allowed: number;
  onChoose: (id: string) => void;
  onCreate: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** The current portfolio's name; its menu switches, adds (within the plan), renames, deletes. */
export function PortfolioSwitcher({
  portfolios,
  current,
  allowed,
  onChoose,
  onCreate,
  onRename,
  onDelete,
}: PortfolioSwitcherProps) {
  const atLimit = portfolios.length >= allowed;
  return (
    <Menu>
      <MenuTrigger className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
        <span className="max-w-[12rem] truncate">{current.name}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </MenuTrigger>
      <MenuContent className="w-72">
        {portfolios.map((portfolio) => (
          <MenuItem key={portfolio.id} onSelect={() => onChoose(portfolio.id)}>
            <span className="min-w-0 flex-1 truncate">{portfolio.name}</span>
            {portfolio.id === current.id && (
              <Check aria-label="Showing" className="size-4 text-brand-700" />
            )}
          </MenuItem>
        ))}
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
        <MenuItem onSelect={onRename}>Rename</MenuItem>
        <MenuItem tone="danger" onSelect={onDelete}>
          Delete portfolio
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface ErrorStateProps {
  /** What could not be done, e.g. 'Failed to fetch stock data'. */
  title: ReactNode;
  /** What to do about it, when the title alone does not say. */
  children?: ReactNode;
  /** Offers 'Try again'; without it the message stands alone. */
  onRetry?: () => void;
  /** True while the retry runs: the button waits and says so. */
  retrying?: boolean;
  className?: string;
}

/**
 * What a screen or panel shows in place of data that failed to load: the failure in a red box
 * and, when it can help, a way to try again. (A failed action uses `Alert` above its button.)
 */
export function ErrorState({
  title,
  children,
  onRetry,
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <Alert
      title={title}
      className={className}
      action={
        onRetry && (
          <Button variant="secondary" onClick={onRetry} busy={retrying} busyLabel="Trying again...">
            Try again
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}

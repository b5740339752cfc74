import type { ComponentProps, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'on-dark' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'full';

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * How a disabled button looks: `fade` (busy or not ready yet, the default) or `muted` (a
   * choice that is not available, e.g. the plan the user already has).
   */
  disabledLook?: 'fade' | 'muted';
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed';

const variants: Record<ButtonVariant, string> = {
  // Emerald with navy text keeps 7:1 contrast on both light and dark sections.
  primary: 'bg-brand-500 text-ink-950 shadow-sm hover:bg-brand-400',
  secondary: 'border border-slate-300 bg-white text-ink-950 shadow-sm hover:bg-slate-50',
  dark: 'bg-ink-950 text-white hover:bg-ink-800',
  'on-dark': 'border border-white/20 bg-white/5 text-white hover:bg-white/10',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-ink-950',
  /** An action that destroys something for good (deleting the account, revoking a key). */
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-4 py-2 text-sm',
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3.5 text-base',
  /** The one action of a form or card, as wide as it. */
  full: 'w-full px-4 py-3 text-sm',
};

const disabledLooks = {
  fade: 'disabled:opacity-60',
  muted: 'disabled:bg-slate-100 disabled:text-slate-500 disabled:shadow-none',
};

/**
 * The class names of the product's buttons, for a `<Link>` or `<a>` that looks like one (a
 * `<button>` uses `Button`).
 */
export function buttonStyles({
  variant = 'primary',
  size = 'md',
  disabledLook = 'fade',
}: ButtonStyleOptions = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${disabledLooks[disabledLook]}`;
}

type ButtonProps = Omit<ComponentProps<'button'>, 'className'> &
  ButtonStyleOptions & {
    /** While true the button is disabled, turns a spinner and says `busyLabel`. */
    busy?: boolean;
    /** What the button says while busy, e.g. 'Processing...'. */
    busyLabel?: ReactNode;
    /** Extra classes for placement (margins); the look comes from the options. */
    className?: string;
  };

/** A `<button>` (type "button" unless told otherwise) in one of the product's looks. */
export function Button({
  variant,
  size,
  disabledLook,
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  className = '',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      className={`${buttonStyles({ variant, size, disabledLook })} ${className}`}
      {...props}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current/20 border-t-current"
        />
      )}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

/**
 * The class names of a square button that holds only an icon (menu, close, bell). It needs an
 * `aria-label`. `md` is the 40 px touch size, `sm` sits inside panels; `strong` for the one
 * button of a header, `muted` beside other controls.
 */
export function iconButtonStyles(size: 'sm' | 'md' = 'md', tone: 'strong' | 'muted' = 'muted') {
  return `relative grid shrink-0 place-items-center rounded-lg transition-colors hover:bg-slate-100 hover:text-ink-950 ${
    size === 'sm' ? 'size-9' : 'size-10'
  } ${tone === 'strong' ? 'text-ink-950' : 'text-slate-600'}`;
}

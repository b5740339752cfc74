export type ButtonVariant = 'primary' | 'secondary' | 'on-dark';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

const variants: Record<ButtonVariant, string> = {
  // Emerald with navy text keeps 7:1 contrast on both light and dark sections.
  primary: 'bg-brand-500 text-ink-950 shadow-sm hover:bg-brand-400',
  secondary: 'border border-slate-300 bg-white text-ink-950 shadow-sm hover:bg-slate-50',
  'on-dark': 'border border-white/20 bg-white/5 text-white hover:bg-white/10',
};

const sizes = {
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3.5 text-base',
} as const;

/** The class names of the product's buttons, for `<Link>`, `<a>` and `<button>` alike. */
export function buttonClass(variant: ButtonVariant, size: keyof typeof sizes = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

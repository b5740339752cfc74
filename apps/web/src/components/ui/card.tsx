import type { ComponentProps, ElementType, ReactNode } from 'react';

type CardSize = 'sm' | 'md' | 'lg';

type CardProps<As extends ElementType> = {
  /** The element: `section` (with a heading), `article` (a self-contained item) or `div`. */
  as?: As;
  /** `sm`: a stat tile; `md`: a dashboard panel; `lg`: the one card of a page (checkout). */
  size?: CardSize;
  /** Extra classes (layout, a highlighted border). */
  className?: string;
  children: ReactNode;
} & Omit<ComponentProps<As>, 'as' | 'className' | 'children'>;

const sizes: Record<CardSize, string> = {
  sm: 'rounded-2xl p-5',
  md: 'rounded-2xl p-5 sm:p-6',
  lg: 'rounded-3xl p-6 sm:p-8',
};

/** A white panel with the product's border, radius and shadow. */
export function Card<As extends ElementType = 'div'>({
  as,
  size = 'md',
  className = '',
  children,
  ...props
}: CardProps<As>) {
  const Element: ElementType = as ?? 'div';
  return (
    <Element
      className={`border border-slate-200 bg-white shadow-sm ${sizes[size]} ${className}`}
      {...props}
    >
      {children}
    </Element>
  );
}

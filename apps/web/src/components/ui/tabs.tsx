import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

/**
 * Views of one subject side by side under a row of tabs (Radix Tabs, the WAI-ARIA tabs
 * pattern): arrow keys move between tabs, Home and End jump to the ends, and only the chosen
 * panel is in the tab order. `defaultValue` or `value`/`onValueChange` pick the tab.
 */
export function Tabs({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={className} {...props} />;
}

/** The row of tabs; `label` names it for screen readers (e.g. 'Analysis views'). */
export function TabsList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TabsPrimitive.List
      aria-label={label}
      className="flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {children}
    </TabsPrimitive.List>
  );
}

/** One tab; `value` ties it to its `TabsContent`. */
export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      className="-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-ink-950 data-[state=active]:border-brand-600 data-[state=active]:text-ink-950"
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}

/** The panel shown while its tab is chosen. */
export function TabsContent({
  value,
  className = 'pt-5',
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TabsPrimitive.Content value={value} className={`focus:outline-none ${className}`}>
      {children}
    </TabsPrimitive.Content>
  );
}

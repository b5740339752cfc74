import { iconButtonStyles } from '../../../components/ui/button.tsx';

/** The header's drop-down buttons, the same before and after their menus' code has loaded. */
export const menuTriggerStyles =
  'group inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-ink-950 data-[state=open]:bg-slate-100 data-[state=open]:text-ink-950';

export const menuChevronStyles =
  'size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180';

/** The phone header's menu button. */
export const menuButtonStyles = `md:hidden ${iconButtonStyles('md', 'strong')}`;

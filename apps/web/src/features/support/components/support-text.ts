import type { SupportStatus } from '@tickerwise/shared';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

export const statusTones: Record<SupportStatus, BadgeTone> = {
  open: 'outline',
  waiting: 'warning',
  solved: 'success',
};

function span(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  return `${Math.round(hours / 24)} days`;
}

/**
 * A first-reply clock as words: "Due in 2 h 15 min", or "Overdue by 40 min" once the target
 * passed; `overdue` tells the screen to draw it in red.
 */
export function replyClock(dueIso: string, now: number): { text: string; overdue: boolean } {
  const left = Date.parse(dueIso) - now;
  return left >= 0
    ? { text: `Due in ${span(left)}`, overdue: false }
    : { text: `Overdue by ${span(-left)}`, overdue: true };
}

/** A file size as people say it: "820 KB", "1.0 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

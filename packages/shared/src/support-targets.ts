// The first-reply targets the public support page states, apart from support.ts's schemas
// (no zod here: ADR 77).

/** The first-reply targets, in business hours (Monday to Friday, 9am to 5pm New York time). */
export const supportTargets = {
  priority: { businessHours: 4, label: '4 business hours' },
  standard: { businessHours: 8, label: '1 business day' },
} as const;
export type SupportLevel = keyof typeof supportTargets;

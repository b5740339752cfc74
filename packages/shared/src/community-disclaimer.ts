// Apart from community.ts's schemas: the public community preview shows it without loading
// zod (ADR 77).

/** Shown on every community screen. */
export const communityDisclaimer =
  'Posts are the opinions of their authors, not investment advice.';

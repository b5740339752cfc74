// Apart from api-keys.ts's schemas: the public API documentation states it without loading
// zod (ADR 77).

/** How many API keys one user may have at once. */
export const apiKeysPerUser = 10;

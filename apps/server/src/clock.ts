/**
 * What time it is. The app takes one at start-up and hands it to every rule that depends on
 * the date (quota periods, card expiry, plan periods), so tests can set the date.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The part of the app's logger the market cache uses (Fastify's logger fits). */
export interface MarketLog {
  warn(details: object, message: string): void;
}

/**
 * Simulation anchors, NOT market data: rough orders of magnitude for the major ETFs and the
 * largest companies, so that the offline market's figures look like the real ones to an
 * investor who knows them (SPY in the hundreds of dollars, a bond fund near $100, the
 * mega-caps in the trillions). They carry no claim of accuracy, are never shown as quotes of
 * their own, and set only where a symbol's simulated price ends up on `levelDate`; every
 * other symbol draws its level from a seeded distribution (simulated-level.ts).
 */
export interface PriceAnchor {
  /** Approximate price level in dollars. */
  price: number;
  /** Approximate market capitalisation in dollars (companies only). */
  marketCap?: number;
}

/** The day the simulated series pass through their level (a Friday). */
export const levelDate = '2026-11-20';

const billion = 1e9;
const trillion = 1e12;

export const priceAnchors: Readonly<Record<string, PriceAnchor>> = {
  // Broad US equity funds.
  SPY: { price: 660 },
  IVV: { price: 665 },
  VOO: { price: 610 },
  VTI: { price: 325 },
  QQQ: { price: 600 },
  DIA: { price: 460 },
  IWM: { price: 240 },
  IJH: { price: 64 },
  IJR: { price: 115 },
  MDY: { price: 590 },
  RSP: { price: 185 },
  SCHD: { price: 27 },
  VIG: { price: 210 },
  VTV: { price: 185 },
  VUG: { price: 470 },
  VYM: { price: 140 },
  // International equity funds.
  EFA: { price: 92 },
  IEFA: { price: 85 },
  EEM: { price: 52 },
  IEMG: { price: 64 },
  VEA: { price: 59 },
  VWO: { price: 53 },
  VXUS: { price: 72 },
  // Bond funds.
  AGG: { price: 100 },
  BND: { price: 74 },
  BNDX: { price: 49 },
  BIL: { price: 91.5 },
  SGOV: { price: 100.5 },
  SHY: { price: 83 },
  IEF: { price: 96 },
  TLT: { price: 89 },
  TIP: { price: 110 },
  LQD: { price: 110 },
  HYG: { price: 80 },
  EMB: { price: 95 },
  MUB: { price: 106 },
  VCIT: { price: 84 },
  VCSH: { price: 79 },
  // Commodity, real estate, sector and thematic funds.
  GLD: { price: 370 },
  IAU: { price: 75 },
  SLV: { price: 43 },
  USO: { price: 72 },
  VNQ: { price: 90 },
  SMH: { price: 330 },
  VGT: { price: 730 },
  ARKK: { price: 80 },
  XLB: { price: 88 },
  XLC: { price: 115 },
  XLE: { price: 88 },
  XLF: { price: 53 },
  XLI: { price: 152 },
  XLK: { price: 260 },
  XLP: { price: 78 },
  XLRE: { price: 41 },
  XLU: { price: 85 },
  XLV: { price: 145 },
  XLY: { price: 235 },
  // The largest companies (the five tracked stocks keep the product's fixed figures instead).
  NVDA: { price: 180, marketCap: 4.4 * trillion },
  GOOG: { price: 140, marketCap: 1.8 * trillion },
  META: { price: 650, marketCap: 1.65 * trillion },
  AVGO: { price: 340, marketCap: 1.6 * trillion },
  'BRK.B': { price: 500, marketCap: 1.08 * trillion },
  LLY: { price: 900, marketCap: 850 * billion },
  JPM: { price: 300, marketCap: 830 * billion },
  WMT: { price: 100, marketCap: 800 * billion },
  V: { price: 340, marketCap: 660 * billion },
  ORCL: { price: 220, marketCap: 620 * billion },
  MA: { price: 560, marketCap: 510 * billion },
  XOM: { price: 115, marketCap: 490 * billion },
  NFLX: { price: 110, marketCap: 470 * billion },
  JNJ: { price: 190, marketCap: 460 * billion },
  COST: { price: 920, marketCap: 410 * billion },
  PLTR: { price: 170, marketCap: 400 * billion },
  ABBV: { price: 220, marketCap: 390 * billion },
  BAC: { price: 52, marketCap: 390 * billion },
  HD: { price: 370, marketCap: 370 * billion },
  AMD: { price: 230, marketCap: 370 * billion },
  PG: { price: 150, marketCap: 350 * billion },
  GE: { price: 300, marketCap: 320 * billion },
  UNH: { price: 330, marketCap: 300 * billion },
  KO: { price: 70, marketCap: 300 * billion },
  CVX: { price: 150, marketCap: 300 * billion },
  CSCO: { price: 72, marketCap: 290 * billion },
  WFC: { price: 85, marketCap: 280 * billion },
  IBM: { price: 300, marketCap: 280 * billion },
  MS: { price: 160, marketCap: 255 * billion },
  PM: { price: 155, marketCap: 240 * billion },
  GS: { price: 780, marketCap: 240 * billion },
  CRM: { price: 240, marketCap: 230 * billion },
  MRK: { price: 90, marketCap: 225 * billion },
  ABT: { price: 128, marketCap: 225 * billion },
  MCD: { price: 300, marketCap: 215 * billion },
  LIN: { price: 440, marketCap: 205 * billion },
  PEP: { price: 145, marketCap: 200 * billion },
  DIS: { price: 110, marketCap: 200 * billion },
  T: { price: 26, marketCap: 185 * billion },
};

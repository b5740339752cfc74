/**
 * What other modules use of the analyst: its technical readings (the rating and the
 * indicators watchlists and indicator alerts show), and the indicator maths tests check
 * them against.
 */

export { runFundamentalChecks } from './fundamental-checks.ts';
export { readIndicators } from './indicator-readings.ts';
export { computeKeyFigures } from './key-figures.ts';
export { rateTechnicals } from './technical-rating.ts';
export { technicalHistoryBars } from './technical-readings.ts';

import { divideRounded } from '@tickerwise/shared/exact-money';

/**
 * The investment calculator's arithmetic, in whole cents (`bigint`) so no binary fraction
 * enters a balance. Each month the balance earns the annual return over 12 and pays the annual
 * fee over 12, each rounded to the cent (half away from zero) as a statement would show it,
 * then the month's contribution is added at its end. Rates are in basis points (7.25 % is 725).
 */
export interface GrowthInputs {
  /** Starting amount, whole cents. */
  startCents: bigint;
  /** Added at the end of every month, whole cents. */
  monthlyCents: bigint;
  years: number;
  /** Expected annual return before fees, basis points (may be negative). */
  returnBp: number;
  /** Annual fee, basis points of the balance. */
  feeBp: number;
  /** Annual inflation, basis points, for the value in today's money. */
  inflationBp: number;
}

export interface GrowthYear {
  year: number;
  /** The starting amount plus every contribution so far. */
  contributedCents: bigint;
  /** Returns earned less fees paid, so far: balance minus contributed. */
  growthCents: bigint;
  /** Fees paid so far. */
  feesCents: bigint;
  balanceCents: bigint;
  /** The balance in today's money: divided by (1 + inflation) for each year passed. */
  realCents: bigint;
}

const monthsPerYear = 12n;
const basis = 10_000n;

/** A year-by-year projection; year 0 is not listed. */
export function projectGrowth(inputs: GrowthInputs): GrowthYear[] {
  const { startCents, monthlyCents, years, returnBp, feeBp, inflationBp } = inputs;
  let balance = startCents;
  let contributed = startCents;
  let fees = 0n;
  // Today's money: the balance times basis^year / (basis + inflation)^year, rounded once.
  let inflationNumerator = 1n;
  let inflationDenominator = 1n;
  const rows: GrowthYear[] = [];
  for (let year = 1; year <= years; year++) {
    for (let month = 0; month < 12; month++) {
      const earned = divideRounded(balance * BigInt(returnBp), basis * monthsPerYear);
      const fee = balance > 0n ? divideRounded(balance * BigInt(feeBp), basis * monthsPerYear) : 0n;
      balance += earned - fee + monthlyCents;
      fees += fee;
      contributed += monthlyCents;
    }
    inflationNumerator *= basis;
    inflationDenominator *= basis + BigInt(inflationBp);
    rows.push({
      year,
      contributedCents: contributed,
      growthCents: balance - contributed,
      feesCents: fees,
      balanceCents: balance,
      realCents: divideRounded(balance * inflationNumerator, inflationDenominator),
    });
  }
  return rows;
}

/** The calculator's fields as the address carries them, so a projection can be shared. */
export interface CalculatorState {
  start: string;
  monthly: string;
  years: string;
  rate: string;
  fee: string;
  inflation: string;
  /** Show figures in today's money. */
  real: boolean;
}

export const defaultCalculatorState: CalculatorState = {
  start: '10000',
  monthly: '500',
  years: '20',
  rate: '7',
  fee: '0.5',
  inflation: '2.5',
  real: false,
};

const searchKeys = {
  start: 'start',
  monthly: 'monthly',
  years: 'years',
  rate: 'return',
  fee: 'fee',
  inflation: 'inflation',
} as const;

/** The state an address holds: each parameter it has, the defaults for the rest. */
export function stateFromSearch(search: URLSearchParams): CalculatorState {
  const state = { ...defaultCalculatorState };
  for (const [field, key] of Object.entries(searchKeys) as [keyof typeof searchKeys, string][]) {
    const value = search.get(key);
    if (value !== null) state[field] = value.slice(0, 20);
  }
  state.real = search.get('real') === '1';
  return state;
}

/** The query string that reproduces a state (without the leading `?`). */
export function searchFromState(state: CalculatorState): string {
  const search = new URLSearchParams();
  for (const [field, key] of Object.entries(searchKeys) as [keyof typeof searchKeys, string][]) {
    search.set(key, state[field].trim());
  }
  if (state.real) search.set('real', '1');
  return search.toString();
}

export type FieldErrors = Partial<Record<keyof typeof searchKeys, string>>;

/** Whole cents from "1,234.5" or "$1234.56"; null when it is not an amount of money. */
function centsOf(text: string): bigint | null {
  const clean = text.replace(/[$,\s]/g, '');
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
}

/** Basis points from a percentage with at most two decimals ("7.25" is 725). */
function basisPointsOf(text: string): number | null {
  const match = /^(-?)(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.replace(/[%\s]/g, ''));
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -value : value;
}

export const maxYears = 60;
const maxMoneyCents = 100_000_000_000n; // $1 billion

/** The projection's inputs, or the message of each field that cannot be used. */
export function readInputs(
  state: CalculatorState,
): { ok: true; inputs: GrowthInputs } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const start = centsOf(state.start);
  if (start === null || start > maxMoneyCents)
    errors.start = 'Enter an amount from $0 to $1,000,000,000, in dollars and cents';
  const monthly = centsOf(state.monthly);
  if (monthly === null || monthly > maxMoneyCents)
    errors.monthly = 'Enter an amount from $0 to $1,000,000,000, in dollars and cents';
  const years = /^\d{1,2}$/.test(state.years.trim()) ? Number(state.years.trim()) : Number.NaN;
  if (!(years >= 1 && years <= maxYears)) errors.years = `Enter whole years from 1 to ${maxYears}`;
  const rate = basisPointsOf(state.rate);
  if (rate === null || rate < -5_000 || rate > 5_000)
    errors.rate = 'Enter a yearly return from -50% to 50%, at most two decimals';
  const fee = basisPointsOf(state.fee);
  if (fee === null || fee < 0 || fee > 1_000)
    errors.fee = 'Enter a yearly fee from 0% to 10%, at most two decimals';
  const inflation = basisPointsOf(state.inflation);
  if (inflation === null || inflation < -1_000 || inflation > 2_000)
    errors.inflation = 'Enter yearly inflation from -10% to 20%, at most two decimals';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    inputs: {
      startCents: start!,
      monthlyCents: monthly!,
      years,
      returnBp: rate!,
      feeBp: fee!,
      inflationBp: inflation!,
    },
  };
}

import {
  type Alert,
  type AlertCondition,
  type AlertFiring,
  type AlertRatingLabel,
  type AlertRepeat,
  type AlertState,
  alertConditionSchema,
} from '@tickerwise/shared';
import type { alertFirings, alerts } from '../../db/schema/index.ts';

export type AlertRow = typeof alerts.$inferSelect;
export type FiringRow = typeof alertFirings.$inferSelect;

/** The columns that hold a condition. */
export interface ConditionColumns {
  kind: string;
  level: number | null;
  period: number | null;
  rating: string | null;
}

export function conditionColumns(condition: AlertCondition): ConditionColumns {
  switch (condition.kind) {
    case 'price_above':
    case 'price_below':
    case 'rsi_above':
    case 'rsi_below':
      return { kind: condition.kind, level: condition.level, period: null, rating: null };
    case 'change_up':
    case 'change_down':
      return { kind: condition.kind, level: condition.percent, period: null, rating: null };
    case 'crosses_above_sma':
    case 'crosses_below_sma':
      return { kind: condition.kind, level: null, period: condition.period, rating: null };
    case 'rating_becomes':
      return { kind: condition.kind, level: null, period: null, rating: condition.rating };
    case 'earnings_within':
      // The days ahead are a period, in whole days.
      return { kind: condition.kind, level: null, period: condition.days, rating: null };
  }
}

/** The condition a row's columns hold (they were written from a parsed condition). */
export function conditionOf(row: ConditionColumns): AlertCondition {
  const { kind, level, period } = row;
  const rating = row.rating as AlertRatingLabel | null;
  return alertConditionSchema.parse(
    kind === 'change_up' || kind === 'change_down'
      ? { kind, percent: level }
      : kind === 'crosses_above_sma' || kind === 'crosses_below_sma'
        ? { kind, period }
        : kind === 'rating_becomes'
          ? { kind, rating }
          : kind === 'earnings_within'
            ? { kind, days: period }
            : { kind, level },
  );
}

export function toAlert(row: AlertRow, suspended: boolean, shared: Alert['shared'] = null): Alert {
  return {
    id: row.id,
    symbol: row.symbol,
    condition: conditionOf(row),
    repeat: row.repeat as AlertRepeat,
    note: row.note,
    state: row.state as AlertState,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    awaitsCross: row.awaitsCross,
    suspended,
    email: row.email,
    destinationIds: row.destinationIds,
    shared,
  };
}

export function toFiring(row: FiringRow): AlertFiring {
  return {
    id: row.id,
    alertId: row.alertId,
    symbol: row.symbol,
    title: row.title,
    message: row.message,
    value: row.value,
    tradingDay: row.tradingDay,
    firedAt: row.firedAt.toISOString(),
  };
}

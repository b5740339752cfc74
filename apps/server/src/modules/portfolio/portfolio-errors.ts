import { AppError } from '../../http/errors.ts';

export const portfolioNotFound = () =>
  new AppError(404, 'portfolio_not_found', 'Portfolio not found.');

export const transactionNotFound = () =>
  new AppError(404, 'transaction_not_found', 'Transaction not found.');

/** A value the ledger cannot take: shown under its field in the dialog. */
export const ledgerFieldError = (field: string, message: string) =>
  new AppError(400, 'validation_failed', message, { [field]: message });

/** Deleting or changing this would break a later transaction. */
export const ledgerConflict = (message: string) => new AppError(409, 'ledger_conflict', message);

export const portfolioNameTaken = (name: string) => {
  const message = `You already have a portfolio named "${name}".`;
  return new AppError(409, 'portfolio_name_taken', message, { name: message });
};

/** The practice portfolio is reset, never renamed or deleted; a real one is never reset. */
export const practiceOnly = () =>
  new AppError(409, 'not_practice_portfolio', 'Only the practice portfolio can be reset.');
export const practiceFixed = () =>
  new AppError(
    409,
    'practice_portfolio',
    'The practice portfolio cannot be renamed or deleted; it can be reset.',
  );

/** Ids are UUIDs: anything else names no portfolio (and never reaches the database). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string) => uuidPattern.test(value);

/** A unique index refused the write: another request took the name first. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}

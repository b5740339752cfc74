import { AppError } from '../http/errors.ts';

/** "N seconds" under a minute, else whole minutes rounded up. */
export function waitFor(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function waitMessage(seconds: number): string {
  return `Too many attempts. Please wait ${waitFor(seconds)} and try again.`;
}

/** A 429 in the app's shape, with `Retry-After`. */
export function tooManyAttempts(seconds: number, message = waitMessage(seconds)): AppError {
  return new AppError(429, 'rate_limited', message, undefined, {
    'retry-after': String(seconds),
  });
}

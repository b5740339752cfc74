import type { Email } from './mailer.ts';

/**
 * Makes a message builder a template a render worker can call by name: its arguments must be
 * plain data (structured-cloneable: strings, numbers, dates, arrays and objects of them). Every
 * builder goes in the list of `src/email-templates.ts`, which the workers load.
 */
export function emailTemplate<Args extends unknown[], Built extends Email>(
  name: string,
  build: (...args: Args) => Built,
): ((...args: Args) => Built) & { templateName: string } {
  const builder = (...args: Args): Built => ({ ...build(...args), template: { name, args } });
  return Object.assign(builder, { templateName: name });
}

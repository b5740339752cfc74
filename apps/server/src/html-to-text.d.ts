// html-to-text (the converter @react-email/render uses for plain text) ships no types: the part
// the email module uses, and the names @react-email/render's own types import.
declare module 'html-to-text' {
  export type SelectorDefinition = Record<string, unknown>;
  export type HtmlToTextOptions = Record<string, unknown>;
  /** The converter for these options, compiled once. */
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}

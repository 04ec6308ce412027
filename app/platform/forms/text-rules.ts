// Rules every stored text field shares, used inside the forms' zod schemas (browser and server).

/**
 * Control characters other than tab and line breaks: PostgreSQL refuses NUL in text, and XML (the
 * news feed, the sitemap) cannot carry the others, so they are refused at the form.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

export const noControlCharacters = (label: string) =>
  `${label} must not contain control characters`;

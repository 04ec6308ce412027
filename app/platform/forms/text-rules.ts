// Rules every stored text field shares, used inside the forms' zod schemas (browser and server).

/** The specification's message for a required field left blank (docs/product.md#validation-messages). */
export const FILL_ALL_FIELDS = "Please fill in all fields";

/**
 * Control characters other than tab and line breaks: PostgreSQL refuses NUL in text, and XML (the
 * news feed, the sitemap) cannot carry the others, so they are refused at the form.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

export const noControlCharacters = (label: string) =>
  `${label} must not contain control characters`;

/**
 * An absolute http(s) URL with a host: the only links the site prints as `href` from what staff or
 * an import typed (no `javascript:`, `data:` or other schemes).
 */
export function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Line breaks of any kind, including Unicode's line and paragraph separators. */
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/;

/** A one-line field (a name, an outlet, an address): no line break and no control character. */
export const isSingleLine = (value: string) =>
  hasNoControlCharacters(value) && !LINE_BREAKS.test(value);

export const singleLine = (label: string) =>
  `${label} must be one line, without control characters`;

/**
 * Words someone else typed, relayed in the studio's own mail: on one line and in quotation marks,
 * so they read as that person's words and cannot start lines of their own.
 */
export function quotedWords(words: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: folding control characters is the point
  return `“${words.replace(/[\s\u0000-\u001F\u007F\u0085\u2028\u2029]+/g, " ").trim()}”`;
}

/**
 * A valid e-mail address as HTML defines it (`<input type="email">`): a local part of letters,
 * digits and ``!#$%&'*+/=?^_`{|}~.-``, and a host of dot-separated labels. Stricter than "something
 * @ something": an address that goes into mail headers (From, Reply-To, List-Unsubscribe) holds no
 * `<`, `>`, `,`, `;`, quotes or spaces.
 */
export const isMailboxAddress = (value: string) =>
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    value,
  );

import { createHash } from "node:crypto";

// Rendered Markdown kept beside its source (docs/publishing.md#rendered-once-kept-beside-the-text):
// a text is rendered and sanitised once, its HTML stored with a stamp of what made it, and a read
// whose stamp no longer matches makes it again. This module does not load the renderer: a read
// that finds its HTML current never does.

/**
 * The renderer's version. Bump it whenever a rule of markdown.server.ts or
 * markdown-rules.server.ts (or a library update) changes the HTML a text gives: every stored HTML
 * is then made again on its next read, with no step for anyone to run (docs/publishing.md).
 */
export const MARKDOWN_VERSION = 1;

/**
 * Stored HTML (or several pieces of it made together, such as Home's sections) and the stamp of
 * what made it; null for both when never made (a row from before, or a fresh install's).
 */
export type KeptHtml<T = string> = { html: T | null; stamp: string | null };

function originOf(siteUrl: string | undefined): string {
  if (!siteUrl) return "-";
  try {
    return new URL(siteUrl).origin;
  } catch {
    return "-";
  }
}

/**
 * What an HTML is made from: the renderer's version, the site's origin (its links are not
 * "external") and a digest of the source, so a text changed by any writer, a renderer changed by a
 * release or a site moved to another address all read as "make it again".
 */
export function htmlStamp(source: string, siteUrl: string | undefined): string {
  const digest = createHash("sha256").update(source).digest("base64url").slice(0, 22);
  return `${MARKDOWN_VERSION} ${originOf(siteUrl)} ${digest}`;
}

/** The renderer version a stamp names (0 for none). */
function versionOf(stamp: string | null): number {
  return Number.parseInt(stamp ?? "", 10) || 0;
}

/**
 * The HTML of `source`: the kept one when its stamp matches, else made by `render` and given to
 * `keep` to store. A stamp of a newer renderer (a newer process beside this one during a rolling
 * restart) is not overwritten: this process renders for its own reads until it is replaced.
 */
export async function keptHtml<T = string>(
  kept: KeptHtml<T>,
  source: string,
  siteUrl: string | undefined,
  render: () => Promise<T>,
  keep: (made: { html: T; stamp: string }) => Promise<unknown>,
): Promise<T> {
  const stamp = htmlStamp(source, siteUrl);
  if (kept.html !== null && kept.stamp === stamp) return kept.html;
  const html = await render();
  if (versionOf(kept.stamp) <= MARKDOWN_VERSION) await keep({ html, stamp });
  return html;
}

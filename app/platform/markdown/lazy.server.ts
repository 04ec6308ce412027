// The Markdown renderer loaded on first use, not at start-up: markdown-it and sanitize-html (with
// postcss) take ~90 ms to load, a noticeable part of a cold start (docs/performance.md), and most
// requests render no Markdown (article pages are kept by the caches).

let loaded: Promise<typeof import("./markdown.server")> | null = null;

/** The renderer's module, loading it the first time. */
export function markdown() {
  loaded ??= import("./markdown.server");
  return loaded;
}

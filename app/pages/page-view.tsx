import { Eye } from "~/platform/ui/icons";
import type { PageEntry } from "./page-schema";

// A studio page at /<slug> (docs/product.md#pages): its title and its Markdown, rendered on the
// server; a draft shows staff a banner saying no guest sees it.

export function PageView({ page, html }: { page: PageEntry; html: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      {page.state === "draft" && (
        <div
          role="status"
          className="mb-8 flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
        >
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong>Preview: Draft.</strong> Only staff who manage pages see this page until it is
            published.
          </p>
        </div>
      )}
      <h1 className="border-b pb-8 text-4xl font-black leading-tight tracking-tight">
        {page.title}
      </h1>
      <div
        className="markdown mt-8 text-lg leading-relaxed"
        data-testid="page-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by the Markdown renderer, which lets no raw HTML, script or unsafe link through
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}

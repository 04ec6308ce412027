import { useState } from "react";
import { Link } from "react-router";
import { useFetcherReply } from "~/platform/forms/fetcher-reply";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { ExternalLink, FileText, Pencil, Trash } from "~/platform/ui/icons";
import { PageForm, toastPageFailure } from "./page-form";
import { PAGE_PLACEMENT_LABELS, PAGE_STATE_LABELS, type PageEntry } from "./page-schema";

// The admin's Pages tab (docs/product.md#pages): the editor beside the list of the studio's pages,
// and on a site without a privacy policy, the offer of a draft one.

const STATE_BADGE = {
  published: "border-emerald-600/40 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300",
  draft: "border-border bg-muted text-muted-foreground",
} as const;

/** The first-run offer: a privacy policy, since the site keeps accounts and messages. */
function PrivacyOffer() {
  const offer = useFetcherReply("page-template", (reply) => {
    if (reply.status === "success")
      toast.success("Privacy policy drafted", {
        description: "Complete it, then publish it: it is linked from the footer.",
      });
    else toastPageFailure("page-create", reply);
  });
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-600/40 bg-sky-600/10 p-4 text-sm">
      <p className="flex items-start gap-2">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          This site keeps accounts and messages: visitors should find a privacy policy. Start from a
          draft that says what the site stores.
        </span>
      </p>
      <offer.Form method="post">
        <input type="hidden" name="intent" value="page-template" />
        <input type="hidden" name="template" value="privacy" />
        <Button type="submit" size="sm" variant="outline" disabled={offer.state !== "idle"}>
          Draft a privacy policy
        </Button>
      </offer.Form>
    </div>
  );
}

export function PagesTab({ pages, offerPrivacy }: { pages: PageEntry[]; offerPrivacy: boolean }) {
  const [editing, setEditing] = useState<PageEntry | null>(null);
  const remove = useFetcherReply("page-delete", (reply) => {
    if (reply.status === "success") toast.success("Deleted", { description: "Page deleted." });
    else toastPageFailure("page-delete", reply);
  });
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <PageForm editing={editing} onDone={() => setEditing(null)} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Manage Pages</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {offerPrivacy && <PrivacyOffer />}
          {pages.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No pages yet</p>
          ) : (
            <ul className="divide-y" data-testid="manage-pages">
              {pages.map((page) => (
                <li key={page.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{page.title}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                      <Badge className={STATE_BADGE[page.state]}>
                        {PAGE_STATE_LABELS[page.state]}
                      </Badge>
                      <span>
                        {page.placement === "none"
                          ? "Not in the navigation"
                          : `In the ${PAGE_PLACEMENT_LABELS[page.placement].toLowerCase()}`}
                      </span>
                      <Link
                        to={`/${page.slug}`}
                        className="inline-flex items-center gap-1 text-primary hover:underline"
                      >
                        {page.state === "published" ? "View" : "Preview"}
                        <span className="sr-only">: {page.title}</span>
                        <ExternalLink aria-hidden="true" className="size-3" />
                      </Link>
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${page.title}`}
                      onClick={() => setEditing(page)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <ConfirmDialog
                      title="Are you sure you want to delete this page?"
                      description={`${page.title} (/${page.slug}): links to it will stop working.`}
                      onConfirm={() =>
                        remove.submit({ intent: "page-delete", id: page.id }, { method: "post" })
                      }
                      trigger={
                        <Button variant="ghost" size="icon" aria-label={`Delete ${page.title}`}>
                          <Trash aria-hidden="true" className="text-destructive" />
                        </Button>
                      }
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

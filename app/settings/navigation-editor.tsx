import { useEffect, useRef, useState } from "react";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { FormErrors, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Plus } from "~/platform/ui/icons";
import type { ArrangedEntry } from "./navigation";
import { EntryRow, ListError, nameOf, type Row } from "./navigation-entry-row";
import { NAV_LIMITS, NavigationFormSchema } from "./navigation-schema";

// The navigation editor (docs/product.md#navigation): the header's and the footer's links in one
// list, the site's screens, the studio's pages and links of its own, each placed and moved with
// buttons (keyboard first: no drag), posted whole through a fetcher and checked by the same schema
// here and on the server. Its messages show beside the entry they are about.

/** A row's key and the start of its controls' ids: the same on the server and in the browser. */
function rowsOf(entries: readonly ArrangedEntry[]): Row[] {
  return entries.map((entry, index) => ({
    ...entry,
    uid:
      entry.kind === "route"
        ? `nav-${entry.route}`
        : entry.kind === "page"
          ? `nav-page-${entry.page}`
          : `nav-link-${index}`,
  }));
}
let added = 0;

export function NavigationEditor({ entries }: { entries: readonly ArrangedEntry[] }) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(entries));
  const [announcement, setAnnouncement] = useState("");
  const focusAfter = useRef<string | null>(null);
  const fetcher = useFetcherReply("navigation-save", (reply) => {
    if (reply.status === "success") toast.success("Navigation saved");
    else toast.error("Navigation was not saved", { description: failureMessage(reply) });
  });
  const [form] = useSchemaForm(NavigationFormSchema, {
    id: "navigation",
    lastResult: fetcher.data,
  });
  // The saved list again after a save (the server's truth), unless it is what is shown.
  const savedKey = JSON.stringify(entries);
  const shownKey = useRef(savedKey);
  useEffect(() => {
    if (shownKey.current === savedKey) return;
    shownKey.current = savedKey;
    setRows(rowsOf(entries));
  }, [savedKey, entries]);
  // A moved or added row keeps the keyboard where the person is.
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const errorsOf = (name: string) => form.allErrors[name];
  const update = (uid: string, change: Partial<ArrangedEntry>) =>
    setRows((list) => list.map((row) => (row.uid === uid ? ({ ...row, ...change } as Row) : row)));
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const row = rows[index];
    if (!row || to < 0 || to >= rows.length) return;
    const list = [...rows];
    list.splice(index, 1);
    list.splice(to, 0, row);
    setRows(list);
    // Stays on the same button while it can move on, else on the other one.
    const direction = by < 0 ? "up" : "down";
    const atEnd = to === 0 || to === rows.length - 1;
    focusAfter.current = `${row.uid}-${atEnd ? (direction === "up" ? "down" : "up") : direction}`;
    setAnnouncement(`${nameOf(row)} moved to position ${to + 1} of ${rows.length}`);
  };
  const addLink = () => {
    const row: Row = {
      kind: "link",
      label: "",
      url: "",
      place: "header",
      button: false,
      newTab: true,
      title: "",
      to: "",
      draft: false,
      uid: `nav-new-${++added}`,
    };
    setRows((list) => [...list, row]);
    focusAfter.current = `${row.uid}-label`;
  };
  const remove = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setRows((list) => list.filter((entry) => entry.uid !== row.uid));
    const neighbour = rows[index + 1] ?? rows[index - 1];
    focusAfter.current = neighbour ? `${neighbour.uid}-place` : "navigation-add";
    setAnnouncement(`${nameOf(row)} removed`);
  };
  const links = rows.filter((row) => row.kind === "link").length;

  return (
    <Card id="navigation-editor">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Navigation</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          The header's and the footer's links, in order. Move an entry with its arrows; a link of
          your own can be the header's highlighted button.
        </p>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          id={form.id}
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={form.onSubmit}
        >
          <input type="hidden" name="intent" value="navigation-save" />
          <FormErrors errors={form.errors} />
          <ListError errors={errorsOf("entries")} id="navigation-list-error" />
          <ol className="space-y-2" aria-label="Navigation entries">
            {rows.map((row, index) => (
              <EntryRow
                key={row.uid}
                row={row}
                index={index}
                count={rows.length}
                name={`entries[${index}]`}
                errorsOf={errorsOf}
                onChange={(change) => update(row.uid, change)}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              id="navigation-add"
              type="button"
              variant="outline"
              onClick={addLink}
              disabled={links >= NAV_LIMITS.links}
            >
              <Plus aria-hidden="true" />
              Add link
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving..." : "Save navigation"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

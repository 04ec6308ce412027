import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { FormErrors, Select, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { type ArrangedEntry, NAV_PLACE_LABELS, NAV_PLACES, type NavPlace } from "./navigation";
import { NAV_LIMITS, NavigationFormSchema } from "./navigation-schema";

// The navigation editor (docs/product.md#navigation): the header's and the footer's links in one
// list, the site's screens, the studio's pages and links of its own, each placed and moved with
// buttons (keyboard first: no drag), posted whole through a fetcher and checked by the same schema
// here and on the server. Its messages show beside the entry they are about.

const PLACE_OPTIONS = NAV_PLACES.map((value) => ({ value, label: NAV_PLACE_LABELS[value] }));

type Row = ArrangedEntry & { uid: string };

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

const KIND_LABELS = { route: "Site", page: "Page", link: "Link" } as const;

/** What a row is called in labels and announcements. */
const nameOf = (row: Row) => (row.kind === "link" ? row.title || "New link" : row.title);

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

function ListError({ errors, id }: { errors: string[] | undefined; id: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

function EntryRow({
  row,
  index,
  count,
  name,
  errorsOf,
  onChange,
  onMove,
  onRemove,
}: {
  row: Row;
  index: number;
  count: number;
  name: string;
  errorsOf: (name: string) => string[] | undefined;
  onChange: (change: Partial<ArrangedEntry>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const label = nameOf(row);
  const rowErrors = errorsOf(name);
  return (
    <li className="rounded-lg border bg-card p-3" data-testid="navigation-entry">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span
          aria-hidden="true"
          className="w-6 text-right text-sm tabular-nums text-muted-foreground"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" data-testid="navigation-entry-title">
            {label}
            {row.kind === "page" && row.draft && (
              <span className="ml-2 text-xs font-normal text-muted-foreground">(Draft)</span>
            )}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {KIND_LABELS[row.kind]}
            {row.kind !== "link" && ` · ${row.to}`}
          </p>
        </div>
        <input type="hidden" name={`${name}.kind`} value={row.kind} />
        {row.kind === "route" && <input type="hidden" name={`${name}.route`} value={row.route} />}
        {row.kind === "page" && (
          <>
            <input type="hidden" name={`${name}.page`} value={row.page} />
            <input type="hidden" name={`${name}.slug`} value={row.slug} />
          </>
        )}
        <div className="flex w-full items-center gap-1 sm:w-auto sm:gap-2">
          <Label htmlFor={`${row.uid}-place`} className="sr-only">
            Where {label} shows
          </Label>
          <Select
            id={`${row.uid}-place`}
            name={`${name}.place`}
            value={row.place}
            onChange={(event) => onChange({ place: event.target.value as NavPlace })}
            options={PLACE_OPTIONS}
            className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background pl-2 pr-7 text-sm sm:w-52 sm:flex-none"
            aria-invalid={errorsOf(`${name}.place`) ? true : undefined}
          />
          <Button
            id={`${row.uid}-up`}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${label} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            id={`${row.uid}-down`}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${label} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          {row.kind === "link" ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove ${label}`}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="text-destructive" />
            </Button>
          ) : (
            // Keeps the columns of every row in line with a link's remove button.
            <span aria-hidden="true" className="size-10 shrink-0 max-sm:hidden" />
          )}
        </div>
      </div>
      <ListError errors={rowErrors ?? errorsOf(`${name}.place`)} id={`${row.uid}-error`} />
      {row.kind === "link" && (
        <LinkFields row={row} name={name} errorsOf={errorsOf} onChange={onChange} />
      )}
    </li>
  );
}

function LinkFields({
  row,
  name,
  errorsOf,
  onChange,
}: {
  row: Row & { kind: "link" };
  name: string;
  errorsOf: (name: string) => string[] | undefined;
  onChange: (change: Partial<ArrangedEntry>) => void;
}) {
  const field = (key: "label" | "url") => {
    const errors = errorsOf(`${name}.${key}`);
    const id = `${row.uid}-${key}`;
    return {
      id,
      name: `${name}.${key}`,
      "aria-invalid": errors ? true : undefined,
      "aria-describedby": errors ? `${id}-error` : undefined,
      errors,
    };
  };
  const label = field("label");
  const url = field("url");
  const buttonErrors = errorsOf(`${name}.button`);
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:pl-9">
      <div className="space-y-1.5">
        <Label htmlFor={label.id}>Label</Label>
        <Input
          id={label.id}
          name={label.name}
          value={row.label}
          maxLength={NAV_LIMITS.label}
          placeholder="Wishlist on Steam"
          aria-invalid={label["aria-invalid"]}
          aria-describedby={label["aria-describedby"]}
          onChange={(event) => onChange({ label: event.target.value, title: event.target.value })}
        />
        <ListError errors={label.errors} id={`${label.id}-error`} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={url.id}>Address</Label>
        <Input
          id={url.id}
          name={url.name}
          type="url"
          value={row.url}
          placeholder="https://store.steampowered.com/app/…"
          aria-invalid={url["aria-invalid"]}
          aria-describedby={url["aria-describedby"]}
          onChange={(event) => onChange({ url: event.target.value, to: event.target.value })}
        />
        <ListError errors={url.errors} id={`${url.id}-error`} />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={`${name}.button`}
            checked={row.button}
            onChange={(event) => onChange({ button: event.target.checked })}
            aria-invalid={buttonErrors ? true : undefined}
            aria-describedby={buttonErrors ? `${row.uid}-button-error` : undefined}
            className="size-4 accent-primary"
          />
          Highlight as the header's button
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={`${name}.newTab`}
            checked={row.newTab}
            onChange={(event) => onChange({ newTab: event.target.checked })}
            className="size-4 accent-primary"
          />
          Open in a new tab
        </label>
      </div>
      <div className="sm:col-span-2">
        <ListError errors={buttonErrors} id={`${row.uid}-button-error`} />
      </div>
    </div>
  );
}

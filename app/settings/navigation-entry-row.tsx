import { Select } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { ArrowDown, ArrowUp, Trash } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { type ArrangedEntry, NAV_PLACE_LABELS, NAV_PLACES, type NavPlace } from "./navigation";
import { NAV_LIMITS } from "./navigation-schema";

// One entry of the navigation editor (app/settings/navigation-editor.tsx): its place, its arrows
// and, for a link of the studio's own, its label, address and ticks.

export const PLACE_OPTIONS = NAV_PLACES.map((value) => ({ value, label: NAV_PLACE_LABELS[value] }));

export type Row = ArrangedEntry & { uid: string };

export const KIND_LABELS = { route: "Site", page: "Page", link: "Link" } as const;

/** What a row is called in labels and announcements. */
export const nameOf = (row: Row) => (row.kind === "link" ? row.title || "New link" : row.title);

export function ListError({ errors, id }: { errors: string[] | undefined; id: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

export function EntryRow({
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
              <Trash aria-hidden="true" className="text-destructive" />
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

export function LinkFields({
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

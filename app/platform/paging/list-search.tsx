import type * as React from "react";
import { Form } from "react-router";
import { Button } from "~/platform/ui/button";
import { Search } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { SEARCH_MAX_LENGTH } from "./search";

/**
 * A staff list's search box (and any filters passed as children): a GET form, so a filtered list has
 * an address and works without scripts.
 * A new search starts at the list's first page: the form sends no cursor.
 */
export function ListSearch({
  name,
  label,
  value,
  children,
}: {
  name: string;
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap gap-2">
      <label htmlFor={`${name}-search`} className="sr-only">
        {label}
      </label>
      <Input
        id={`${name}-search`}
        type="search"
        name={name}
        defaultValue={value}
        key={value}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={label}
        autoComplete="off"
        className="min-w-0 flex-1 basis-48"
      />
      {children}
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}

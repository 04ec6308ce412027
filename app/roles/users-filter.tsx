import { Form } from "react-router";
import { Select } from "~/platform/forms/schema-form";
import { SEARCH_MAX_LENGTH } from "~/platform/paging/search";
import { Button } from "~/platform/ui/button";
import { Search } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { ROLE_LABELS, ROLES, type Role } from "./permissions";

const ROLE_FILTERS = [
  { value: "", label: "All roles" },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

/**
 * Finds users among thousands (docs/product.md#role-management): by the start of any word of their
 * address or name, and by role. A GET form, so a filtered list has an address and works without
 * scripts; a new filter starts at the first page.
 */
export function UsersFilter({ search, role }: { search: string; role: Role | null }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find users"
      className="mb-4 grid gap-2 sm:grid-cols-[1fr_auto_auto]"
    >
      <label htmlFor="users-search" className="sr-only">
        Search users by email or name
      </label>
      <Input
        id="users-search"
        type="search"
        name="q"
        defaultValue={search}
        key={`q-${search}`}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search by email or name"
        autoComplete="off"
      />
      <label htmlFor="users-role" className="sr-only">
        Filter by role
      </label>
      <Select
        id="users-role"
        name="role"
        options={ROLE_FILTERS}
        defaultValue={role ?? ""}
        key={`role-${role}`}
      />
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}

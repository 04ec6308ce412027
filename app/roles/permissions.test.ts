import { describe, expect, it } from "vitest";
import {
  can,
  holdersOf,
  type Permission,
  permissionsOf,
  ROLES,
  type Role,
  rolePowers,
} from "./permissions";

describe("permissions table (docs/product.md#roles-and-permissions)", () => {
  const table = {
    guest: ["canManageOwnFactors"],
    moderator: ["canManageOwnFactors", "canAccessAdmin", "canManageMessages", "canReadKeyRequests"],
    admin: [
      "canManageOwnFactors",
      "canAccessAdmin",
      "canManageMessages",
      "isAdmin",
      "canManageNews",
      "canManageSettings",
      "canReadKeyRequests",
      "canManagePress",
      "canManageNewsletter",
      "canManageAnnouncements",
    ],
    developer: [
      "canManageOwnFactors",
      "canAccessAdmin",
      "canManageMessages",
      "isAdmin",
      "canManageNews",
      "canManageSettings",
      "canReadKeyRequests",
      "canManagePress",
      "canManageNewsletter",
      "canManageAnnouncements",
      "canManageGames",
      "canAccessDevConsole",
    ],
    owner: [
      "canManageOwnFactors",
      "canAccessAdmin",
      "canManageMessages",
      "isAdmin",
      "canManageNews",
      "canManageSettings",
      "canReadKeyRequests",
      "canManagePress",
      "canManageNewsletter",
      "canManageAnnouncements",
      "canManageGames",
      "canAccessDevConsole",
      "canManageRoles",
      "canManageTextMessages",
      "canManageBackups",
    ],
  } as const;

  it.each(ROLES)("%s holds exactly its permissions", (role) => {
    const granted = Object.entries(permissionsOf(role))
      .filter(([, yes]) => yes)
      .map(([name]) => name)
      .sort();
    expect(granted).toEqual([...table[role]].sort());
  });

  it("each role has every power of the roles below it", () => {
    for (let i = 1; i < ROLES.length; i++) {
      const lower = permissionsOf(ROLES[i - 1]!);
      for (const [permission, granted] of Object.entries(lower)) {
        if (granted) expect(can(ROLES[i]!, permission as keyof typeof lower)).toBe(true);
      }
    }
  });

  // A name from outside (a form field, a JSON body) reaches can() whatever TypeScript says.
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "canDoAnything", "", "owner"])(
    "an unknown permission %j grants nothing, to any role",
    (name) => {
      for (const role of ROLES) expect(can(role, name as Permission)).toBe(false);
    },
  );

  it("an unknown role holds nothing, not even with an unknown permission", () => {
    for (const role of ["superuser", "constructor", "", undefined, null]) {
      expect(can(role as unknown as Role, "canAccessAdmin")).toBe(false);
      expect(can(role as unknown as Role, "constructor" as Permission)).toBe(false);
    }
  });

  it("names who holds a permission by role, as the API reference shows it", () => {
    expect(holdersOf("canManageMessages")).toBe("Moderator and above");
    expect(holdersOf("canManageSettings")).toBe("Admin and above");
    expect(holdersOf("canAccessDevConsole")).toBe("Developer and above");
    expect(holdersOf("canManageRoles")).toBe("Owner only");
    expect(holdersOf("canManageOwnFactors")).toBe("Any signed-in account");
  });
});

describe("what each role may do, in words (docs/product.md#staff-invitations)", () => {
  it("says what each role adds to the one below it, as the table grants it", () => {
    expect(rolePowers("guest")).toBe("Manage their own sign-in factors through the API.");
    expect(rolePowers("moderator")).toBe(
      "Open the Admin Dashboard, read and answer contact messages and read the press's key requests.",
    );
    expect(rolePowers("admin")).toBe(
      "Everything a Moderator may, and write news and pages, change the site settings, run the press kits and the key desk, manage the newsletter's subscribers and choose where posts are announced.",
    );
    expect(rolePowers("developer")).toBe(
      "Everything an Admin may, and manage the games catalogue and use the developer console.",
    );
    expect(rolePowers("owner")).toBe(
      "Everything a Developer may, and manage roles and invite staff, choose where sign-in codes are texted and schedule, take and download backups.",
    );
  });
});

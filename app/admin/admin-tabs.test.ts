import { describe, expect, it } from "vitest";
import { permissionsOf } from "~/roles";
import { onlyTabChanged, openTab, permittedTabs } from "./admin-tabs";

const url = (path: string) => new URL(path, "http://localhost");

describe("admin tabs", () => {
  it("shows each role the tabs of its permissions, in order", () => {
    const labels = (role: Parameters<typeof permissionsOf>[0]) =>
      permittedTabs(permissionsOf(role)).map((tab) => tab.label);
    expect(labels("guest")).toEqual([]);
    expect(labels("moderator")).toEqual(["Contact Messages"]);
    expect(labels("admin")).toEqual(["Contact Messages", "News Management"]);
    expect(labels("owner")).toEqual(["Contact Messages", "News Management", "Game Management"]);
  });

  it("opens the address's tab when the role may, else its first", () => {
    expect(openTab(permissionsOf("owner"), "games")).toBe("games");
    expect(openTab(permissionsOf("admin"), "games")).toBe("messages");
    expect(openTab(permissionsOf("admin"), null)).toBe("messages");
    expect(openTab(permissionsOf("admin"), "constructor")).toBe("messages");
    expect(openTab(permissionsOf("guest"), "news")).toBeNull();
  });

  it("tells a change of tab alone from a change of list", () => {
    expect(onlyTabChanged(url("/admin"), url("/admin?tab=news"))).toBe(true);
    expect(onlyTabChanged(url("/admin?tab=news&nq=x"), url("/admin?nq=x&tab=games"))).toBe(true);
    expect(onlyTabChanged(url("/admin?tab=news"), url("/admin?tab=news"))).toBe(false);
    expect(onlyTabChanged(url("/admin?tab=news"), url("/admin?tab=news&nq=x"))).toBe(false);
    expect(onlyTabChanged(url("/admin?tab=news"), url("/news?tab=games"))).toBe(false);
  });
});

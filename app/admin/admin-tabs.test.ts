import { describe, expect, it } from "vitest";
import { permissionsOf } from "~/roles";
import { freshAfterWrites, openTab, permittedTabs, tabAt, tabPath } from "./admin-tabs";

describe("admin tabs", () => {
  it("shows each role the tabs of its permissions, in order", () => {
    const labels = (role: Parameters<typeof permissionsOf>[0]) =>
      permittedTabs(permissionsOf(role)).map((tab) => tab.label);
    expect(labels("guest")).toEqual([]);
    expect(labels("moderator")).toEqual(["Contact Messages", "Key requests"]);
    expect(labels("admin")).toEqual([
      "Contact Messages",
      "News Management",
      "Pages",
      "Site Settings",
      "Key requests",
      "Subscribers",
      "Announcements",
      "Press Kits",
    ]);
    expect(labels("owner")).toEqual([
      "Contact Messages",
      "News Management",
      "Game Management",
      "Pages",
      "Site Settings",
      "Key requests",
      "Subscribers",
      "Announcements",
      "Press Kits",
      "SMS",
      "Backups",
    ]);
  });

  it("opens the tab asked for when the role may, else its first", () => {
    expect(openTab(permissionsOf("owner"), "games")).toBe("games");
    expect(openTab(permissionsOf("admin"), "games")).toBe("messages");
    expect(openTab(permissionsOf("owner"), "sms")).toBe("sms");
    expect(openTab(permissionsOf("developer"), "sms")).toBe("messages");
    expect(openTab(permissionsOf("admin"), null)).toBe("messages");
    expect(openTab(permissionsOf("admin"), "constructor")).toBe("messages");
    expect(openTab(permissionsOf("guest"), "news")).toBeNull();
  });

  it("gives each tab its own address, and reads the tab back from an address", () => {
    expect(tabPath("news")).toBe("/admin/news");
    expect(tabAt("/admin/news")).toBe("news");
    expect(tabAt("/admin/games/")).toBe("games");
    expect(tabAt("/admin")).toBeNull();
    expect(tabAt("/admin/news-preview")).toBeNull();
    expect(tabAt("/admin/constructor")).toBeNull();
    expect(tabAt("/news")).toBeNull();
    expect(tabAt(undefined)).toBeNull();
  });

  it("reads a tab's list again after every write, a refused one too", () => {
    const args = (formMethod: string | undefined, defaultShouldRevalidate: boolean) =>
      ({ formMethod, defaultShouldRevalidate }) as Parameters<typeof freshAfterWrites>[0];
    expect(freshAfterWrites(args("POST", false))).toBe(true);
    expect(freshAfterWrites(args("post", false))).toBe(true);
    expect(freshAfterWrites(args("GET", false))).toBe(false);
    expect(freshAfterWrites(args(undefined, true))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { can, ROLES } from "~/roles";
import { ADMIN_INTENTS, AdminIntentSchema, intentPermission } from "./admin-intents";
import { ADMIN_TABS } from "./admin-tabs";

describe("admin intents", () => {
  it("accepts exactly the intents of the table", () => {
    for (const intent of Object.keys(ADMIN_INTENTS))
      expect(AdminIntentSchema.safeParse(intent).success).toBe(true);
    expect(AdminIntentSchema.options).toEqual(Object.keys(ADMIN_INTENTS));
  });

  it.each(["constructor", "__proto__", "toString", "valueOf", "news-publish", "Mark-Read", ""])(
    "refuses %j",
    (intent) => {
      expect(AdminIntentSchema.safeParse(intent).success).toBe(false);
    },
  );

  it("names a real permission for each intent, its tab's, held by staff only", () => {
    for (const intent of AdminIntentSchema.options) {
      const permission = intentPermission(intent);
      expect(ADMIN_TABS.find((tab) => tab.value === ADMIN_INTENTS[intent])?.permission).toBe(
        permission,
      );
      expect(can("guest", permission)).toBe(false);
      expect(can("owner", permission)).toBe(true);
    }
    expect(intentPermission("mark-read")).toBe("canManageMessages");
    expect(intentPermission("news-delete")).toBe("canManageNews");
    expect(intentPermission("games-reorder")).toBe("canManageGames");
    expect(intentPermission("sms-countries-save")).toBe("canManageTextMessages");
    expect(ROLES).toContain("owner");
  });

  it("gives every tab at least one intent", () => {
    // The key desk answers its own writes, each needing canManagePress, stricter than its tab's
    // canReadKeyRequests (app/press-desk/desk.server.ts); the Announcements tab answers its own
    // hook forms (app/announcements/announcements-admin.server.ts).
    const own = ["keys", "announcements"];
    for (const tab of ADMIN_TABS.filter((t) => !own.includes(t.value)))
      expect(Object.values(ADMIN_INTENTS)).toContain(tab.value);
  });
});

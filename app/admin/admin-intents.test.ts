import { describe, expect, it } from "vitest";
import { can, ROLES } from "~/roles";
import { ADMIN_INTENTS, AdminIntentSchema } from "./admin-intents";

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

  it("names a real permission for each intent, held by staff only", () => {
    for (const permission of Object.values(ADMIN_INTENTS)) {
      expect(can("guest", permission)).toBe(false);
      expect(can("owner", permission)).toBe(true);
    }
    expect(ROLES).toContain("owner");
  });
});

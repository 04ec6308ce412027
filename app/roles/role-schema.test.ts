import { describe, expect, it } from "vitest";
import { AssignRoleSchema } from "./role-schema";

describe("role management form schemas", () => {
  it("assign role: only the five roles", () => {
    expect(AssignRoleSchema.safeParse({ email: "a@b.co", role: "superuser" }).success).toBe(false);
    expect(AssignRoleSchema.safeParse({ email: "a@b.co", role: "moderator" }).success).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { isReservedSlug, PageSchema, RESERVED_SLUG } from "./page-schema";

describe("page addresses", () => {
  it("reserves the addresses features use beside the routes", () => {
    for (const slug of ["press", "presskit", "newsletter", "unsubscribe", "settings"])
      expect(isReservedSlug(slug), slug).toBe(true);
    expect(isReservedSlug("about")).toBe(false);
  });

  it("refuses a reserved or malformed address, takes an empty one", () => {
    const base = { title: "About", content: "Text" };
    const reserved = PageSchema.safeParse({ ...base, slug: "admin" });
    expect(reserved.success).toBe(false);
    expect(reserved.error?.issues[0]?.message).toBe(RESERVED_SLUG);
    expect(PageSchema.safeParse({ ...base, slug: "About Us" }).success).toBe(false);
    expect(PageSchema.parse({ ...base, slug: "" })).toEqual({
      ...base,
      slug: undefined,
      state: "draft",
      placement: "none",
    });
  });

  it("needs a title and content, and a placement and state of its lists", () => {
    expect(PageSchema.safeParse({ title: "", content: "x" }).error?.issues[0]?.message).toBe(
      "Please fill in all fields",
    );
    expect(PageSchema.safeParse({ title: "T", content: "x", placement: "aside" }).success).toBe(
      false,
    );
    expect(PageSchema.safeParse({ title: "T", content: "x", state: "scheduled" }).success).toBe(
      false,
    );
    expect(
      PageSchema.safeParse({ title: "T\u0000", content: "x" }).error?.issues[0]?.message,
    ).toMatch(/control characters/);
  });
});

import { describe, expect, it } from "vitest";
import { parseForm } from "~/platform/forms/form-errors";
import { GameSchema, ReorderSchema } from "./game-schema";

const good = {
  title: "Tidewright",
  description: "Sail.",
  imageUrl: "https://cdn.example.com/t.png",
  status: "Coming Soon",
  url: "https://store.example.com/t",
};

describe("game form schema", () => {
  it("accepts a full game and defaults the status to Released", () => {
    expect(parseForm(GameSchema, good).success).toBe(true);
    const { status: _status, ...withoutStatus } = good;
    expect(parseForm(GameSchema, withoutStatus)).toMatchObject({ data: { status: "Released" } });
  });

  it("says 'Please fill in all fields' for any blank field", () => {
    for (const field of ["title", "description", "imageUrl", "url"]) {
      expect(parseForm(GameSchema, { ...good, [field]: "  " })).toMatchObject({
        success: false,
        errors: { [field]: "Please fill in all fields" },
      });
    }
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "ftp://x.example",
    "//evil.example/x",
    "vbscript:x",
  ])("refuses the game link %s", (url) => {
    expect(parseForm(GameSchema, { ...good, url })).toMatchObject({
      errors: { url: "Game Link must start with http:// or https://" },
    });
  });

  it("allows an image on this site by path, but not a protocol-relative one", () => {
    expect(parseForm(GameSchema, { ...good, imageUrl: "/images/games/t.svg" }).success).toBe(true);
    expect(parseForm(GameSchema, { ...good, imageUrl: "//evil.example/t.svg" }).success).toBe(
      false,
    );
    expect(parseForm(GameSchema, { ...good, imageUrl: "javascript:alert(1)" }).success).toBe(false);
  });

  it("reorder takes a JSON list of ids", () => {
    expect(parseForm(ReorderSchema, { ids: '["a","b"]' })).toEqual({
      success: true,
      data: { ids: ["a", "b"] },
    });
    expect(parseForm(ReorderSchema, { ids: "[1,2]" }).success).toBe(false);
    expect(parseForm(ReorderSchema, { ids: "nope" }).success).toBe(false);
  });
});

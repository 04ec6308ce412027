import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { submissionOf } from "~/platform/forms/submission.server";
import { GameSchema, ReorderSchema } from "./game-schema";

/** The form as the admin action parses it, with each field's first message (what the form shows). */
function parsedForm(schema: z.ZodType<Record<string, unknown>>, values: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  const submission = submissionOf(form, schema);
  if (submission.status === "success") return { value: submission.value, errors: {} };
  const errors = Object.entries(submission.error ?? {}).map(([field, m]) => [field, m?.[0]]);
  return { value: undefined, errors: Object.fromEntries(errors) };
}
const ok = (
  values: Record<string, string>,
  schema: z.ZodType<Record<string, unknown>> = GameSchema,
) => parsedForm(schema, values).value !== undefined;

const good = {
  title: "Tidewright",
  description: "Sail.",
  imageUrl: "https://cdn.example.com/t.png",
  status: "Coming Soon",
  url: "https://store.example.com/t",
};

describe("game form schema", () => {
  it("accepts a full game and defaults the status to Released", () => {
    expect(ok(good)).toBe(true);
    const { status: _status, ...withoutStatus } = good;
    expect(parsedForm(GameSchema, withoutStatus).value).toMatchObject({ status: "Released" });
  });

  it("says 'Please fill in all fields' for any blank field", () => {
    for (const field of ["title", "description", "imageUrl", "url"]) {
      expect(parsedForm(GameSchema, { ...good, [field]: "  " }).errors).toEqual({
        [field]: "Please fill in all fields",
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
    expect(parsedForm(GameSchema, { ...good, url }).errors).toEqual({
      url: "Game Link must start with http:// or https://",
    });
  });

  it("allows an image on this site by path, but not a protocol-relative one", () => {
    expect(ok({ ...good, imageUrl: "/images/games/t.svg" })).toBe(true);
    expect(ok({ ...good, imageUrl: "//evil.example/t.svg" })).toBe(false);
    expect(ok({ ...good, imageUrl: "javascript:alert(1)" })).toBe(false);
  });

  it("reorder takes a JSON list of ids", () => {
    expect(parsedForm(ReorderSchema, { ids: '["a","b"]' }).value).toEqual({ ids: ["a", "b"] });
    expect(ok({ ids: "[1,2]" }, ReorderSchema)).toBe(false);
    expect(ok({ ids: "nope" }, ReorderSchema)).toBe(false);
  });
});

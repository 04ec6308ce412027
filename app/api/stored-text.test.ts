import { describe, expect, it } from "vitest";
import { ChangePasswordSchema, LoginSchema } from "~/accounts";
import { WorkInput } from "~/console/index.server";
import { GameSchema } from "~/games";
import { ContactSchema } from "~/messages";
import { NewsSchema } from "~/news";
import { parseForm } from "~/platform/forms/form-errors";
import { ProfileSchema } from "~/profiles";

// Found by fuzzing: a NUL in any stored text made PostgreSQL refuse the row, and the action
// answered 500 (contact 503); other control characters made the news feed unreadable XML.
describe("stored text refuses control characters (tab and line breaks stay allowed)", () => {
  const game = {
    title: "T",
    description: "D",
    imageUrl: "https://img.example/a.png",
    url: "https://play.example/a",
  };
  it.each([
    [
      ContactSchema,
      { name: "A\u0000", email: "a@b.co", subject: "S", message: "M" },
      "name",
      "Name",
    ],
    [
      ContactSchema,
      { name: "A", email: "a@b.co", subject: "S", message: "M\u0001" },
      "message",
      "Message",
    ],
    [NewsSchema, { title: "T\u0000", content: "C" }, "title", "Title"],
    [NewsSchema, { title: "T", content: "C\u001f" }, "content", "Content"],
    [GameSchema, { ...game, description: "D\u0000" }, "description", "Description"],
    [ProfileSchema, { displayName: "N\u0000", bio: "" }, "displayName", "Display name"],
    [ProfileSchema, { displayName: "", bio: "B\u007f" }, "bio", "Bio"],
    [WorkInput, { current_task: "x\u0000" }, "current_task", "The task"],
  ] as const)("%#: %s", (schema, values, field, label) => {
    const parsed = parseForm(schema, values as Record<string, unknown>);
    expect(parsed.success).toBe(false);
    expect((parsed as { errors: Record<string, string> }).errors[field]).toBe(
      `${label} must not contain control characters`,
    );
  });

  it("keeps tabs and line breaks in multi-line text", () => {
    expect(parseForm(NewsSchema, { title: "T", content: "a\n\tb\r\nc" }).success).toBe(true);
  });

  it("an e-mail address with a NUL is just an invalid address", () => {
    expect(parseForm(LoginSchema, { email: "a\u0000@b.co", password: "x" })).toEqual({
      success: false,
      errors: { email: "Invalid email address" },
    });
    // Passwords are hashed, never stored as text: any character may be in one.
    expect(
      parseForm(ChangePasswordSchema, {
        currentPassword: "x",
        newPassword: "long\u0000password",
        confirmPassword: "long\u0000password",
      }).success,
    ).toBe(true);
  });
});

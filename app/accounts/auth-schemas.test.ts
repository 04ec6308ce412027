import { describe, expect, it } from "vitest";
import { parseForm } from "~/platform/forms/form-errors";
import { LoginSchema, RegisterSchema } from "./auth-schemas";

describe("account form schemas", () => {
  it("register: passwords must match ('Passwords do not match')", () => {
    const result = parseForm(RegisterSchema, {
      email: "a@b.co",
      password: "long enough 1",
      confirmPassword: "long enough 2",
    });
    expect(result).toEqual({
      success: false,
      errors: { confirmPassword: "Passwords do not match" },
    });
  });

  it("register: 8 to 128 characters, no composition rules", () => {
    const base = { email: "a@b.co" };
    expect(
      parseForm(RegisterSchema, { ...base, password: "short", confirmPassword: "short" }),
    ).toMatchObject({
      errors: { password: "Password must be at least 8 characters" },
    });
    const long = "x".repeat(129);
    expect(
      parseForm(RegisterSchema, { ...base, password: long, confirmPassword: long }),
    ).toMatchObject({
      errors: { password: "Password must be at most 128 characters" },
    });
    expect(
      parseForm(RegisterSchema, { ...base, password: "aaaaaaaa", confirmPassword: "aaaaaaaa" })
        .success,
    ).toBe(true);
  });

  it("login: email is lower-cased and both fields are required", () => {
    expect(parseForm(LoginSchema, { email: " Ada@Example.COM ", password: "x" })).toEqual({
      success: true,
      data: { email: "ada@example.com", password: "x" },
    });
    expect(parseForm(LoginSchema, {})).toEqual({
      success: false,
      errors: { email: "Email is required", password: "Password is required" },
    });
  });
});
